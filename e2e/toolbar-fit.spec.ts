import { expect, test } from "@playwright/test";
import { addSession } from "./helpers";

// A list's filters show what they say: the chosen option of each select and the hint of each text field fit inside the
// control, in both languages, on a desktop and on a phone. At a fixed 14rem the reconciliation's queue read
// "Sugeridas (predeterminad" and its sender field "Nombre, teléfono o cédu".

for (const language of ["es", "en"] as const) {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    test(`the filters' texts fit their controls (${language}, ${viewport.width} px)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ viewport });
      await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
      await addSession(context, "viewer");
      const page = await context.newPage();
      for (const path of ["/reconciliation", "/events", "/payments", "/transfers"]) {
        await page.goto(path);
        const toolbar = page.getByRole("search", { name: language === "es" ? "Filtros" : "Filters" });
        await expect(toolbar.locator("select").first()).toBeVisible();
        const cut = await toolbar.evaluate((form) => {
          const overflowing: string[] = [];
          // The text's width in the control's font, drawn once in a span beside it.
          const measure = (text: string, style: CSSStyleDeclaration) => {
            const span = document.createElement("span");
            Object.assign(span.style, { position: "absolute", whiteSpace: "pre", fontFamily: style.fontFamily, fontSize: style.fontSize, fontWeight: style.fontWeight, letterSpacing: style.letterSpacing });
            span.textContent = text;
            document.body.append(span);
            const width = span.getBoundingClientRect().width;
            span.remove();
            return width;
          };
          for (const control of form.querySelectorAll<HTMLSelectElement | HTMLInputElement>("select, input:not([type=date]):not([type=hidden])")) {
            const text = control instanceof HTMLSelectElement ? (control.selectedOptions[0]?.text ?? "") : control.placeholder;
            if (!text) continue;
            const style = getComputedStyle(control);
            // Room for the text: the content box, less the select's arrow (drawn inside its right padding).
            const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const width = measure(text, style);
            if (width > room) overflowing.push(`${text} (${Math.ceil(width)} > ${Math.floor(room)})`);
          }
          return overflowing;
        });
        expect(cut, `${path}: texts wider than their control`).toEqual([]);
      }
      await context.close();
    });
  }
}
