import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { addSession, dedicatedOperator, expectAfterReloads, signInAs } from "./helpers";
import { REGISTERED_LISTS, ROW_FROM } from "./registered-lists";
import { scenario } from "./sandbox";
import { E2E_DIR } from "./state";

const SCREENS = join(E2E_DIR, "screens");

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

// At 1440 px (the operators' screen) every list's default columns and its row's action fit: Failed renewals had its
// reason cut mid-word and its follow-up button (the page's main action) out of view, Payments its id, Customers its
// last column and Subscriptions its creation time. Every list the registry names (e2e/registered-lists.ts, so a list
// added later is checked too), with rows in it: its table is no wider than its box, its header ends inside the box,
// the page does not scroll sideways, and the follow-up button of every failed renewal is in view.
for (const language of ["es", "en"] as const) {
  test(`at 1440 px the lists' columns and the follow-up button fit without scrolling sideways (${language})`, async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    mkdirSync(SCREENS, { recursive: true });
    // The lists the seed leaves empty get their rows first (an empty list shows no table to measure).
    for (const rows of Object.values(ROW_FROM)) await scenario(request, rows.scenario, "test", rows.input);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
    const page = await context.newPage();
    // An operator of its own: the columns shown are the defaults, whatever other specs choose for the shared ones.
    await signInAs(page, await dedicatedOperator(`fit-1440-${language}-${Date.now()}@example.com`, `Ancho ${language}`, "operator"));
    const wide: string[] = [];
    for (const { name, path } of REGISTERED_LISTS) {
      const table = page.locator("main .scroll-edges table");
      // Rows that come from a scenario's webhooks arrive a moment later.
      await page.goto(`${path}${ROW_FROM[name]?.query ?? ""}`);
      await expectAfterReloads(page, () => expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 2_000 }), 20_000);
      await page.screenshot({ path: join(SCREENS, `fit-${name.replaceAll("/", "-")}-${language}-1440.png`) });
      const fit = await table.evaluate((element) => {
        const box = element.parentElement!;
        const last = [...element.querySelectorAll("thead th")].at(-1)!;
        return {
          overflow: element.scrollWidth - box.clientWidth,
          beyond: last.getBoundingClientRect().right - box.getBoundingClientRect().right,
          page: document.documentElement.scrollWidth - innerWidth,
          columns: [...element.querySelectorAll("thead th")].map((th) => `${(th as HTMLElement).innerText.trim() || "·"} ${Math.round(th.getBoundingClientRect().width)}`),
        };
      });
      const columns = fit.columns.join(", ");
      if (fit.overflow > 0) wide.push(`${path}: the table is ${fit.overflow} px wider than its box (${columns})`);
      else if (fit.beyond > 0.5) wide.push(`${path}: the last column ends ${Math.ceil(fit.beyond)} px beyond the box (${columns})`);
      if (fit.page > 0) wide.push(`${path}: the page scrolls sideways by ${fit.page} px`);
      if (path === "/renewals/failed") {
        const buttons = table.getByRole("button", { name: language === "es" ? "Seguimiento" : "Follow up" });
        expect(await buttons.count()).toBeGreaterThan(0);
        for (const button of await buttons.all()) {
          const box = (await button.boundingBox())!;
          expect(box.x + box.width, "the follow-up button is beyond the right edge").toBeLessThanOrEqual(1440);
        }
      }
    }
    expect(wide, wide.join("\n")).toEqual([]);
    await context.close();
  });
}
