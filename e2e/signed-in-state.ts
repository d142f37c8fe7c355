import { chromium, expect, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "../scripts/lib/chromium";
import { submitSignIn } from "./helpers";
import { SHARED_ROLES, signedInStatePath, type E2eState } from "./state";

/**
 * Signs each shared operator in once through the real sign-in form (the server action and Auth.js, as a browser does)
 * and saves the browser's storage state. Their sessions must stay valid for the whole run: no test may sign out, reset
 * or disable a shared operator, or lower their role (each of those ends every session of that operator; tests that
 * need to do so use `dedicatedOperator`).
 */
export async function saveSignedInStates(baseURL: string, operators: E2eState["operators"], launched: Promise<Browser> = launchBrowser()) {
  const browser = await launched;
  try {
    // Side by side: each role's sign-in is a server action and a page load, mostly waiting on the app.
    await Promise.all(
      SHARED_ROLES.map(async (who) => {
        const context = await browser.newContext({ baseURL, locale: "es-CR" });
        const page = await context.newPage();
        await page.goto("/sign-in");
        await submitSignIn(page, operators[who].email, operators[who].password);
        await expect(page.getByRole("navigation", { name: /navegación principal|main navigation/i })).toBeVisible();
        await context.storageState({ path: signedInStatePath(who) });
        await context.close();
      }),
    );
  } finally {
    await browser.close();
  }
}

/** The Chromium the sign-ins use (global-setup launches it beside the app's start-up; saveSignedInStates closes it). */
export async function launchBrowser() {
  return chromium.launch({ executablePath: (await resolveChromium()).path, args: CHROMIUM_ARGS });
}
