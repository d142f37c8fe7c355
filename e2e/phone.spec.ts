import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import postgres from "postgres";
import { addSession, dedicatedOperator, signInAs } from "./helpers";
import { scenario } from "./sandbox";
import { E2E_DIR, e2eState } from "./state";
import en from "../lib/i18n/messages/en";
import es from "../lib/i18n/messages/es";

// The back office on a phone (390 × 844, an iPhone's viewport) and on the operators' screen (1440 × 900), in both
// languages: a failed renewal's reason reads whole beside its follow-up, the follow-up dialog's date form keeps its
// button on the field's line, and every list's table scrolls sideways inside its own box, never the page.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SCREENS = path.join(E2E_DIR, "screens");
// The catalogs' own words, so the layout is checked in each language's lengths.
const wordsOf = (messages: typeof es) => {
  const followUp = messages.failedRenewals.followUp;
  return {
    followUp: followUp.open,
    reason: messages.failedRenewals.columns.error,
    dialog: new RegExp(`^${followUp.title.replace("{name}", "")}`),
    save: followUp.savePromise,
    clear: followUp.clearPromise,
    saved: followUp.saved,
    promise: followUp.promise,
  };
};
const WORDS = { es: wordsOf(es), en: wordsOf(en) };

let sql: postgres.Sql;
test.beforeAll(() => {
  sql = postgres(e2eState().databaseUrl, { max: 1, onnotice: () => {} });
});
test.afterAll(async () => {
  await sql.end();
});

/**
 * A page as an operator of its own (the table's columns are the defaults, whatever other specs choose for the shared
 * ones), in `language`, signed in at desktop size (a phone's header hides the navigation the sign-in waits for).
 */
async function operatorPage(browser: Browser, baseURL: string, language: "es" | "en", name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addCookies([{ name: "bo_locale", value: language, url: baseURL }]);
  const page = await context.newPage();
  await signInAs(page, await dedicatedOperator(`${name}-${language}-${Date.now()}@example.com`, `Teléfono ${language}`, "operator"));
  return page;
}

/** A failed renewal of this spec's own (other specs walk theirs at the same time): its row's id in the table. */
async function ownFailure(request: Parameters<typeof scenario>[0], track: string) {
  let run = await scenario(request, "renewal-failed", "test", { track });
  // A retry's run may have left this track's renewal uncollectible: a fresh one then fails its first attempt.
  if (!/now open/.test(run.summary ?? "")) run = await scenario(request, "renewal-failed", "test", { track });
  const subscriptionId = run.created.subscriptionId!;
  const [row] = await sql<{ id: string }[]>`select id::text from renewal_failures where mode = 'test' and subscription_id = ${subscriptionId} order by invoice_period_start desc limit 1`;
  expect(row, `no failure stored for ${subscriptionId}`).toBeTruthy();
  return row!.id;
}

for (const language of ["es", "en"] as const) {
  const words = WORDS[language];

  test(`failed renewals at 390 px: each row's reason reads whole, and its follow-up button works (${language})`, async ({ browser, baseURL, request }) => {
    await ownFailure(request, "phone-spec-reason");
    const page = await operatorPage(browser, baseURL!, language, "phone-reason");
    await page.goto("/renewals/failed?limit=25");
    const table = page.locator("main .scroll-edges table");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    // On the operators' screen the follow-up stays pinned to the right edge (toolbar-fit.spec.ts: everything fits there).
    expect(await table.locator("tbody tr td").last().evaluate((cell) => getComputedStyle(cell).position)).toBe("sticky");
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(SCREENS, `phone-failed-renewals-${language}-390.png`) });
    const headers = await table.locator("thead th").allInnerTexts();
    const reasonIndex = headers.findIndex((text) => text.trim().toLowerCase() === words.reason.toLowerCase());
    expect(reasonIndex, `no ${words.reason} column in ${headers.join(", ")}`).toBeGreaterThan(0);
    const rows = table.locator("tbody tr");
    const count = Math.min(await rows.count(), 8);
    let read = 0;
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const reason = row.locator("td").nth(reasonIndex);
      if (!(await reason.innerText()).trim()) continue;
      // Brought into view as a browser does it (a swipe, a find in the page, a screen reader): nothing may cover it.
      await reason.evaluate((cell) => cell.scrollIntoView({ block: "nearest", inline: "nearest" }));
      const covered = await reason.evaluate((cell) => {
        const box = cell.closest(".scroll-edges > div")!.getBoundingClientRect();
        const hidden: string[] = [];
        for (const line of cell.querySelectorAll("p")) {
          const r = line.getBoundingClientRect();
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5) hidden.push(`${line.textContent} is outside the box`);
          // Its two ends and middle, on each line of its text: the topmost element there must be the reason itself.
          for (const y of [r.top + 4, r.bottom - 4])
            for (const x of [r.left + 2, (r.left + r.right) / 2, r.right - 2]) {
              const top = document.elementFromPoint(x, y);
              if (!top || !cell.contains(top)) hidden.push(`${line.textContent} under ${top?.tagName}.${top?.className}`);
            }
        }
        return hidden;
      });
      expect(covered, `row ${i}: the reason is covered`).toEqual([]);
      read++;
    }
    expect(read, "no row with a reason").toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SCREENS, `phone-failed-renewals-reason-${language}-390.png`) });
    // The follow-up is reached by scrolling like any cell, and opens its dialog.
    await rows.first().getByRole("button", { name: words.followUp }).click();
    await expect(page.getByRole("dialog", { name: words.dialog })).toBeVisible();
    await page.context().close();
  });

  test(`the follow-up dialog's promised date: "${words.save}" on the field's line at 390 and 1440 px (${language})`, async ({ browser, baseURL, request }) => {
    const failureId = await ownFailure(request, `phone-spec-promise-${language}`);
    const page = await operatorPage(browser, baseURL!, language, "phone-promise");
    await page.goto("/renewals/failed?limit=100&state=retrying");
    const row = page.locator(`tr[data-row-id="${failureId}"]`);
    const dialog = page.getByRole("dialog", { name: words.dialog });
    const open = async () => {
      await row.getByRole("button", { name: words.followUp }).click();
      await expect(dialog).toBeVisible();
    };
    await open();
    await dialog.getByLabel(words.promise).fill("2026-12-05");
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectDateFormTidy(dialog, words, false);
      await page.screenshot({ path: path.join(SCREENS, `phone-follow-up-dialog-${language}-${viewport.width}.png`) });
    }
    // Saved, then opened again: "Clear date" joins it.
    await dialog.getByRole("button", { name: words.save }).click();
    await expect(dialog.getByRole("status")).toHaveText(words.saved);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("promised")).toBeVisible();
    await open();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectDateFormTidy(dialog, words, true);
      await page.screenshot({ path: path.join(SCREENS, `phone-follow-up-dialog-saved-${language}-${viewport.width}.png`) });
    }
    await page.context().close();
  });
}

/**
 * The date form: the field at the left with its day in words on one line under it, "Save" on the field's first line
 * to its right, "Clear" (once a day is saved) under "Save"; nothing overlapping, all inside the dialog.
 */
async function expectDateFormTidy(dialog: Locator, words: (typeof WORDS)["es" | "en"], withClear: boolean) {
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const field = await box(dialog.getByLabel(words.promise));
  const save = await box(dialog.getByRole("button", { name: words.save }));
  const dayInWords = dialog.getByTestId("date-words");
  await expect(dayInWords).toBeVisible();
  const said = await box(dayInWords);
  const frame = await box(dialog);
  const lineHeight = await dayInWords.evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
  expect(Math.abs(save.y - field.y), `"${words.save}" is not on the field's line`).toBeLessThanOrEqual(4);
  expect(save.x, `"${words.save}" overlaps the field`).toBeGreaterThanOrEqual(field.x + field.width);
  expect(save.x, `"${words.save}" overlaps the day in words`).toBeGreaterThanOrEqual(said.x + said.width);
  expect(save.x + save.width, `"${words.save}" leaves the dialog`).toBeLessThanOrEqual(frame.x + frame.width);
  expect(said.height, "the day in words wraps").toBeLessThan(lineHeight * 1.5);
  // Wide enough for its day (the picker's icon included): no shorter than "12/05/2026" needs.
  expect(field.width).toBeGreaterThanOrEqual(140);
  const clear = dialog.getByRole("button", { name: words.clear });
  await expect(clear).toHaveCount(withClear ? 1 : 0);
  if (withClear) {
    const under = await box(clear);
    expect(under.y, `"${words.clear}" is not under "${words.save}"`).toBeGreaterThanOrEqual(save.y + save.height);
    expect(under.x, `"${words.clear}" overlaps the field`).toBeGreaterThanOrEqual(field.x + field.width);
    expect(under.x + under.width).toBeLessThanOrEqual(frame.x + frame.width);
  }
}

// Every list is the shared data table: on a phone it scrolls sideways inside its own box (the page never does), the
// row's first column (its identity) is whole in view, and the box's edge says there is more.
for (const language of ["es", "en"] as const) {
  test(`at 390 px every list's table scrolls inside its own box, not the page (${language})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
    await addSession(context, "admin");
    const page = await context.newPage();
    mkdirSync(SCREENS, { recursive: true });
    for (const list of ["/payments", "/customers", "/subscriptions", "/renewals", "/renewals/failed", "/transfers", "/products", "/shipping-rates", "/marketplace", "/settings/audit"]) {
      await page.goto(list);
      const scroller = page.locator("main .scroll-edges > div").first();
      await expect(scroller.locator("tbody tr").first()).toBeVisible();
      const seen = await scroller.evaluate((box) => {
        const frame = box.getBoundingClientRect();
        const first = [...box.querySelectorAll<HTMLElement>("tbody tr:first-child > td:first-child *")].filter((e) => e.getBoundingClientRect().width > 0);
        const edge = (side: "::before" | "::after") => Number(getComputedStyle(box.parentElement!, side).opacity);
        const start = { before: edge("::before"), after: edge("::after") };
        box.scrollLeft = box.scrollWidth;
        return {
          wider: box.scrollWidth > box.clientWidth,
          boxInPage: frame.left >= 0 && frame.right <= innerWidth,
          firstCellInBox: first.every((e) => e.getBoundingClientRect().right <= frame.right + 0.5),
          start,
          page: document.documentElement.scrollWidth - innerWidth,
          scrolled: box.scrollLeft > 0,
        };
      });
      const end = await scroller.evaluate(async (box) => {
        // The shade follows the scroll on the next frame.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return { before: Number(getComputedStyle(box.parentElement!, "::before").opacity), after: Number(getComputedStyle(box.parentElement!, "::after").opacity), page: document.documentElement.scrollWidth - innerWidth };
      });
      expect(seen.wider, `${list}: its table fits a phone (this test expects a wide one)`).toBe(true);
      expect(seen.boxInPage, `${list}: the table's box leaves the screen`).toBe(true);
      expect(seen.page, `${list}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      expect(end.page, `${list}: the page scrolls sideways once the table is scrolled`).toBeLessThanOrEqual(0);
      expect(seen.scrolled, `${list}: the table does not scroll`).toBe(true);
      expect(seen.firstCellInBox, `${list}: the row's first column is cut`).toBe(true);
      // "More to the right" at the start, "more to the left" at the end.
      expect(seen.start, `${list}: the edges at the start`).toEqual({ before: 0, after: 1 });
      expect(end, `${list}: the edges at the end`).toMatchObject({ before: 1, after: 0 });
      if (list === "/payments") await page.screenshot({ path: path.join(SCREENS, `phone-payments-scrolled-${language}-390.png`) });
    }
    await context.close();
  });
}

// Firefox and Safari before 26 have no scroll timelines: they drop `animation-timeline`, and an animation left without
// one ran for 0 s and stayed at its end, the left shade ("scrolled") shown and the right one never — the cue reversed
// on an iPhone. Such a browser is played here by the page's own styles with their scroll-timeline conditions made false
// and their `animation-timeline` declarations dropped: a phone then shows the right shade alone.
test("at 390 px a browser without scroll timelines shows the right edge's shade, not the left one; at 1440 px none", async ({ browser, baseURL }) => {
  // The page's own styles, played again from an inline <style> the app's CSP would refuse.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true });
  await context.addCookies([{ name: "bo_locale", value: "es", url: baseURL! }]);
  await addSession(context, "viewer");
  const page = await context.newPage();
  await page.goto("/payments");
  const frame = page.locator("main .scroll-edges").first();
  await expect(frame.locator("tbody tr").first()).toBeVisible();
  await page.evaluate(() => {
    const css = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join("\n");
    const without = css.replace(/\(animation-timeline:\s*scroll\(\)\)/g, "(x-no-scroll-timeline: none)").replace(/animation-timeline:\s*[^;}]+;?/g, "");
    if (without === css) throw new Error("the styles name no scroll timeline: nothing to play");
    for (const sheet of document.styleSheets) sheet.disabled = true;
    const style = document.createElement("style");
    style.textContent = without;
    document.head.append(style);
    if (!style.sheet?.cssRules.length) throw new Error("the played styles were not applied");
  });
  const shades = () =>
    frame.evaluate(async (edges) => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { before: Number(getComputedStyle(edges, "::before").opacity), after: Number(getComputedStyle(edges, "::after").opacity) };
    });
  expect(await shades()).toEqual({ before: 0, after: 1 });
  // On a wide screen a table may well fit: no shade at all rather than one that may say wrong.
  await page.setViewportSize(DESKTOP);
  expect(await shades()).toEqual({ before: 0, after: 0 });
  await context.close();
});
