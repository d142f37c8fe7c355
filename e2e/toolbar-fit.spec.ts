import { expect, test } from "@playwright/test";
import { addSession, dedicatedOperator, signInAs } from "./helpers";

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

// At 1440 px (the operators' screen) a list's main columns and its row's action fit: Failed renewals had its reason
// cut mid-word and its follow-up button (the page's main action) out of view, Payments its id and Customers its last
// column. Each list's header ends inside the viewport, and the follow-up button of every row is in view.
for (const language of ["es", "en"] as const) {
  test(`at 1440 px the lists' columns and the follow-up button fit without scrolling sideways (${language})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
    const page = await context.newPage();
    // An operator of its own: the columns shown are the defaults, whatever other specs choose for the shared ones.
    await signInAs(page, await dedicatedOperator(`fit-1440-${language}-${Date.now()}@example.com`, `Ancho ${language}`, "operator"));
    for (const path of ["/renewals/failed", "/payments", "/customers"]) {
      await page.goto(path);
      const table = page.locator("main .scroll-edges table");
      await expect(table.locator("tbody tr").first()).toBeVisible();
      const fit = await table.evaluate((element) => {
        const box = element.parentElement!;
        const last = [...element.querySelectorAll("thead th")].at(-1)!;
        return { overflow: element.scrollWidth - box.clientWidth, lastRight: last.getBoundingClientRect().right, boxRight: box.getBoundingClientRect().right };
      });
      expect(fit.overflow, `${path}: the table is wider than its box`).toBeLessThanOrEqual(0);
      expect(fit.lastRight, `${path}: the last column ends beyond the box`).toBeLessThanOrEqual(fit.boxRight + 0.5);
      if (path === "/renewals/failed") {
        const buttons = table.getByRole("button", { name: language === "es" ? "Seguimiento" : "Follow up" });
        expect(await buttons.count()).toBeGreaterThan(0);
        for (const button of await buttons.all()) {
          const box = (await button.boundingBox())!;
          expect(box.x + box.width, "the follow-up button is beyond the right edge").toBeLessThanOrEqual(1440);
        }
      }
    }
    await context.close();
  });
}
