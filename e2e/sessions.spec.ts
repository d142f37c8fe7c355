import { expect, test, type Browser, type Page } from "@playwright/test";
import { printedPassword, runScript } from "../scripts/lib/run-script";
import { dedicatedOperator, submitSignIn } from "./helpers";
import { e2eState } from "./state";

// Finding 2 of issue 10: a copied session cookie outlived sign-out and a password reset. Each test has its own
// operator (dedicatedOperator), so ending their sessions touches no other test.

/** Signs in in one browser, and copies its session cookie into a second browser that never signed in. */
async function twoBrowsersOneSession(browser: Browser, person: { email: string; password: string }) {
  const first = await (await browser.newContext()).newPage();
  await first.goto("/sign-in");
  await submitSignIn(first, person.email, person.password);
  await expect(first.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  const copy = await browser.newContext();
  await copy.addCookies(await first.context().cookies());
  const second = await copy.newPage();
  await expectSignedIn(second);
  return { first, second };
}

async function expectSignedIn(page: Page) {
  const response = await page.goto("/payments");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Pagos" })).toBeVisible();
  // An API route checks the session too: the export route, past its check, refuses an unknown list (and starts no export).
  expect((await page.request.get("/api/export/no-such-list")).status()).toBe(404);
}

async function expectSignedOut(page: Page) {
  const response = await page.goto("/payments");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Tu sesión terminó" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  expect((await page.request.get("/api/export/no-such-list")).status()).toBe(401);
  // The way back is the sign-in form, not a redirect loop: the old cookie no longer counts as signed in there.
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
}

test("signing out in one browser signs out a copy of the session cookie in another", async ({ browser }) => {
  const { first, second } = await twoBrowsersOneSession(browser, await dedicatedOperator("e2e-signout-everywhere@example.com", "Sofía Arias"));
  await first.getByRole("button", { name: "Menú de la cuenta" }).click();
  await first.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(first).toHaveURL(/\/sign-in/);
  await expectSignedOut(second);
});

test("a password reset from the command line ends every open session of that operator", async ({ browser }) => {
  const person = await dedicatedOperator("e2e-reset-sessions@example.com", "Rodrigo Vargas");
  const { first, second } = await twoBrowsersOneSession(browser, person);
  const reset = await runScript("scripts/operator.ts", ["reset-password", "--email", person.email], { PATH: process.env.PATH, DATABASE_URL: e2eState().databaseUrl });
  expect(reset.code, reset.stderr).toBe(0);
  await expectSignedOut(first);
  await expectSignedOut(second);
  // The new password opens a new session.
  await first.goto("/sign-in");
  await submitSignIn(first, person.email, printedPassword(reset.stdout));
  await expectSignedIn(first);
});
