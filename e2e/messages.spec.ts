import { expect, test } from "@playwright/test";
import { LOCALE_COOKIE } from "../lib/i18n/config";
import { openSearchWithShortcut, signIn } from "./helpers";
import { expectTranslated, watchMessages } from "./messages";

// Each page ships only the catalog parts its client components use (components/client-messages.tsx). Every page is
// checked for missing messages in both languages where e2e/a11y.spec.ts opens it; here, the shell's parts that render
// only when opened (the search dialog, the operator's menu), and the sign-in page.

for (const locale of ["es", "en"] as const) {
  test(`the shell's search dialog and menu in ${locale} find their messages`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    const problems = watchMessages(page);
    await signIn(page, "admin", "/");
    await expectTranslated(page, problems);

    // The shell's parts that render only when opened.
    await expect(await openSearchWithShortcut(page)).toBeVisible();
    await expectTranslated(page, problems);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /menú de la cuenta|operator menu|account menu/i }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectTranslated(page, problems);
  });
}

test("the sign-in page finds its messages", async ({ page }) => {
  const problems = watchMessages(page);
  await page.goto("/sign-in");
  await expectTranslated(page, problems);
});
