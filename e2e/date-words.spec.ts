import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import en from "../lib/i18n/messages/en";
import es from "../lib/i18n/messages/es";
import { addSession } from "./helpers";
import { scenario } from "./sandbox";
import { E2E_DIR } from "./state";

// Chromium writes a date input's text in the BROWSER's language: on an English (US) Chrome a Spanish screen read
// "11/25/2026", and "05/11/2026" is 11 May to one operator and 5 November to another. Each of the app's date inputs
// (the period close's day, the follow-up's promised day, the lists' date filters) says the chosen day in words in the
// APP's language beside or under it, as the input's accessible description.

test.describe.configure({ timeout: 120_000 });

const SCREENS = path.join(E2E_DIR, "screens");
const DAY = "2026-11-25";
const CATALOG = { es, en };
const WORDS = {
  es: { full: "miércoles, 25 de noviembre de 2026", compact: "25 nov 2026", next: "martes, 3 de noviembre de 2026", nextCompact: "3 nov 2026" },
  en: { full: "Wednesday, November 25, 2026", compact: "Nov 25, 2026", next: "Tuesday, November 3, 2026", nextCompact: "Nov 3, 2026" },
};
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** The words are shown right of the input or right under it, and are its accessible description. */
async function expectWordsBeside(input: Locator, words: string) {
  await expect(input).toHaveAccessibleDescription(words);
  const id = (await input.getAttribute("aria-describedby"))!;
  const shown = input.page().locator(`[id="${id}"]`);
  await expect(shown).toBeVisible();
  // innerText: what is drawn (on a phone the period close draws its compact words, the full ones hidden).
  expect(await shown.innerText()).toBe(words);
  const [a, b] = [(await input.boundingBox())!, (await shown.boundingBox())!];
  const beside = b.x >= a.x + a.width && b.x - (a.x + a.width) <= 16 && b.y < a.y + a.height && b.y + b.height > a.y;
  const under = b.y >= a.y + a.height && b.y - (a.y + a.height) <= 12 && b.x < a.x + a.width && b.x + b.width > a.x;
  expect(beside || under, `the words ${JSON.stringify(b)} are not next to the input ${JSON.stringify(a)}`).toBe(true);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

for (const language of ["es", "en"] as const) {
  test(`on an English (US) Chrome the date inputs say the chosen day in the app's language (${language})`, async ({ browser, baseURL, request }) => {
    // A failed renewal to follow up (any row will do: nothing is saved).
    await scenario(request, "renewal-failed", "test", { track: `date-words-${language}` });
    const t = CATALOG[language];
    const words = WORDS[language];
    for (const viewport of VIEWPORTS) {
      const phone = viewport.width < 640;
      const context = await browser.newContext({ viewport, locale: "en-US" });
      await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
      await addSession(context, "operator");
      const page = await context.newPage();
      const tag = `date-words-${language}-${viewport.width}`;

      // The period close: the day in full beside its input (compact on a phone).
      await page.goto("/reconciliation/close?kind=day&date=2026-11-02&currency=CRC");
      expect(await page.evaluate(() => navigator.language)).toBe("en-US");
      const closeDay = page.getByLabel(t.reconciliationClose.picker.date, { exact: true });
      await closeDay.fill(DAY);
      await expectWordsBeside(closeDay, phone ? words.compact : words.full);
      await shoot(page, `${tag}-close`);
      // Half typed, the input's value is "" as if empty: the field says it is no date yet.
      await closeDay.fill("");
      await expect(closeDay).not.toHaveAttribute("aria-describedby");
      await closeDay.focus();
      await page.keyboard.type("11");
      await closeDay.blur();
      await expect(closeDay).toHaveAccessibleDescription(t.ui.dateField.invalid);
      // The next period (a link: the page is rendered again, not reloaded): the input and its words show its day.
      await page.getByRole("link", { name: t.reconciliationClose.picker.next }).click();
      await expect(page).toHaveURL(/date=2026-11-03/);
      await expect(closeDay).toHaveValue("2026-11-03");
      await expect(closeDay).toHaveAccessibleDescription(phone ? WORDS[language].nextCompact : WORDS[language].next);

      // A list's date filters: compact, and the filter applied.
      await page.goto("/payments");
      const toolbar = page.getByRole("search", { name: t.dataTable.filters });
      const from = toolbar.getByLabel(t.dataTable.from, { exact: true });
      await expect(from).not.toHaveAttribute("aria-describedby");
      await from.fill(DAY);
      await expect(page).toHaveURL(/from=2026-11-25/);
      await expectWordsBeside(toolbar.getByLabel(t.dataTable.from, { exact: true }), words.compact);
      await shoot(page, `${tag}-list`);

      // A failed renewal's promised day, in the follow-up dialog.
      await page.goto("/renewals/failed?limit=100");
      const open = page.getByRole("button", { name: t.failedRenewals.followUp.open, exact: true }).first();
      await expect(async () => {
        await page.reload();
        await expect(open).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await open.click();
      const dialog = page.getByRole("dialog");
      const promise = dialog.getByLabel(t.failedRenewals.followUp.promise, { exact: true });
      await promise.fill(DAY);
      // Compact on a phone, as the period close's: beside "Guardar fecha" on the field's line (e2e/phone.spec.ts).
      await expectWordsBeside(promise, phone ? words.compact : words.full);
      await shoot(page, `${tag}-follow-up`);
      await context.close();
    }
  });
}
