import { expect, test, type Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../lib/i18n/config";
import es from "../lib/i18n/messages/es";
import { signIn } from "./helpers";

// Each page ships only the catalog parts its client components use (components/client-messages.tsx). A key left out
// does not fail a render: use-intl logs MISSING_MESSAGE and shows the key itself ("dataTable.next"). Every page, in
// both languages, with the parts that render only when opened (the search dialog, the operator's menu).

// A raw key starts a word of its own: "mobile-transfer.received" (an event type the Overview names) is not the key
// "transfer.received".
const RAW_KEY = new RegExp(`(?<![\\w.-])(?:${Object.keys(es).join("|")})\\.[a-zA-Z]`);

function watchMessages(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/MISSING_MESSAGE|INSUFFICIENT_PATH|FORMATTING_ERROR/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  return problems;
}

async function expectTranslated(page: Page, problems: string[]) {
  await expect(page.locator("main")).toBeVisible();
  expect((await page.locator("body").innerText()).match(RAW_KEY)?.[0], `a raw key on ${page.url()}`).toBeUndefined();
  expect(problems).toEqual([]);
}

for (const locale of ["es", "en"] as const) {
  test(`every page in ${locale} finds the messages its client components use`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    const problems = watchMessages(page);
    await signIn(page, "admin", "/");
    await expectTranslated(page, problems);

    // The shell's parts that render only when opened.
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectTranslated(page, problems);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /menú de la cuenta|operator menu|account menu/i }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectTranslated(page, problems);

    for (const path of ["/renewals", "/renewals/failed", "/marketplace", "/products", "/reconciliation", "/settings", "/search?q=cus_missing_1234"]) {
      await page.goto(path);
      await expectTranslated(page, problems);
    }
    // Each list, then the first object it links to (the seeded sandbox has some of each; events only once webhooks
    // arrived, which depends on the tests that ran before).
    for (const path of ["/payments", "/customers", "/subscriptions", "/transfers", "/events"]) {
      await page.goto(path);
      await expectTranslated(page, problems);
      const detail = page.locator(`main table a[href^="${path}/"]`).first();
      if (path === "/events" && (await detail.count()) === 0) continue;
      await page.goto((await detail.getAttribute("href"))!);
      await expectTranslated(page, problems);
    }
  });
}

test("the sign-in page finds its messages", async ({ page }) => {
  const problems = watchMessages(page);
  await page.goto("/sign-in");
  await expectTranslated(page, problems);
});
