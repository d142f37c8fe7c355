import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "./app-server";
import { databaseRelay, type DatabaseRelay } from "../scripts/test/database-relay";
import { signIn, signInAlert, submitSignIn } from "./helpers";
import { E2E_DIR, E2E_PORT, e2eState } from "./state";

// A second app on the same build whose database cannot be reached: its DATABASE_URL points at the run's database
// through a relay that is down (connections refused, as with a stopped server) until the last test brings it back. The
// session is a real one from the main app (same AUTH_SECRET; cookies are per host, not per port), so the pages get past
// the proxy and fail where the operator is read. Each must say so, translated, inside a reduced shell, the API routes
// must answer 503 JSON with Retry-After, and Retry must bring the page back whole once the database answers again.
let app: AppServer;
let database: DatabaseRelay;
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  const state = e2eState();
  database = await databaseRelay(state.databaseUrl);
  app = await startAppServer({
    port: { from: E2E_PORT + 30 },
    logFile: path.join(E2E_DIR, `server-database-down-${test.info().parallelIndex}.log`),
    env: { ...state.secrets, DATABASE_URL: database.url, PAYMENT_API_URL: state.sandboxURL },
    healthy: false,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await database?.down();
});

// The page's own alert, not Next's route announcer (also role="alert"), which reads the new page's title out after a
// client navigation — here the same words.
const alert = (page: Page, title: string) => page.getByRole("alert").filter({ hasText: title }).and(page.locator(":not(#__next-route-announcer__)"));

/**
 * Clicks Retry and waits for the answer to the route's refresh (the RSC request it sends, marked "refetch" in its router
 * state). Next itself may cancel the rest of that body once it has read what it needs (the request then shows as
 * aborted), so what counts is what the page shows after it.
 */
async function retryOnce(page: Page, button: Locator) {
  const refreshed = page.waitForResponse((response) => response.request().headers()["next-router-state-tree"]?.includes("refetch") ?? false);
  await button.click();
  return refreshed;
}

// What the browser's console may say on these pages: the document's 500, and React's production form of an error thrown
// in a Server Component render (#441: message withheld, digest kept), which Next logs for every error an error.js
// boundary catches. Anything else (a hydration mismatch, a failed chunk, a broken stream) fails the test.
const OUTAGE_CONSOLE = [/the server responded with a status of 500/, /Minified React error #441;/];

test("every dashboard page explains the outage, translated, inside a reduced shell with a retry", async ({ page }) => {
  await signIn(page, "operator");
  const consoleErrors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
  for (const pathname of ["/", "/payments", "/events", "/transfers/ref-that-does-not-matter", "/settings"]) {
    const response = await page.goto(`${app.baseURL}${pathname}`);
    // A failed server render: Next answers 500 (an App Router render cannot choose 503), which monitors count as down.
    expect(response?.status(), pathname).toBe(500);
    const state = alert(page, "Base de datos no disponible");
    await expect(state, pathname).toBeVisible();
    await expect(state).toContainText("No podemos conectar con la base de datos de esta aplicación");
    await expect(state.getByRole("button", { name: "Reintentar" })).toBeVisible();
    // The shell is there, reduced to what needs no database: the links, the language switch.
    await expect(page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Pagos" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menú de la cuenta" })).toHaveCount(0);
    await expect(page.getByRole("search", { name: "Búsqueda global" })).toHaveCount(0);
  }
  // A retry while the database is still down lands on the same explained state.
  await page.goto(`${app.baseURL}/payments`);
  const retry = alert(page, "Base de datos no disponible").getByRole("button", { name: "Reintentar" });
  await retryOnce(page, retry);
  await expect(retry).toBeEnabled();
  await expect(alert(page, "Base de datos no disponible")).toBeVisible();
  await page.screenshot({ path: path.join(E2E_DIR, "database-down-es.png"), fullPage: true });

  // The language switch needs no database: the state comes back in English.
  await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click();
  const english = alert(page, "Database unavailable");
  await expect(english).toBeVisible();
  await expect(english).toContainText("We cannot reach this application's database");
  await expect(english.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Payments" })).toBeVisible();
  await page.screenshot({ path: path.join(E2E_DIR, "database-down-en.png"), fullPage: true });
  expect(consoleErrors.filter((text) => !OUTAGE_CONSOLE.some((allowed) => allowed.test(text)))).toEqual([]);
});

test("API routes answer 503 JSON with Retry-After; the health check and the webhook route keep their 503", async ({ page }) => {
  await signIn(page, "viewer");
  for (const pathname of ["/api/export/payments", "/api/export/events"]) {
    const response = await page.request.get(`${app.baseURL}${pathname}`);
    expect(response.status(), pathname).toBe(503);
    expect(response.headers()["retry-after"], pathname).toBe("10");
    expect(response.headers()["cache-control"], pathname).toBe("no-store");
    expect(await response.json(), pathname).toMatchObject({ error: "database_unavailable", retryAfterSeconds: 10 });
  }
  const health = await page.request.get(`${app.baseURL}/api/health`);
  expect(health.status()).toBe(503);
  expect(await health.json()).toEqual({ ok: false, database: "down" });
  const webhook = await page.request.post(`${app.baseURL}/api/webhooks/test`, {
    headers: { "x-webhook-secret": e2eState().secrets.WEBHOOK_SECRET_TEST! },
    data: { type: "payment-intent.succeeded", data: { id: "pi_x", status: "succeeded" } },
  });
  expect(webhook.status()).toBe(503);
  expect(webhook.headers()["retry-after"]).toBe("5");
});

test("signing in while the database is down says the service is unavailable", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = e2eState().operators.viewer;
  await page.goto(`${app.baseURL}/sign-in`);
  await submitSignIn(page, person.email, person.password);
  await expect(signInAlert(page)).toHaveText("No se pudo iniciar sesión: el servicio no está disponible. Inténtalo de nuevo en un momento.");
  await context.close();
});

// Last: the database comes back for good.
test("once the database answers again, Retry brings the page back with its whole shell", async ({ page }) => {
  await signIn(page, "operator");
  await page.goto(`${app.baseURL}/payments`);
  const outage = alert(page, "Base de datos no disponible");
  await expect(outage).toBeVisible();

  await database.up();
  const response = await retryOnce(page, outage.getByRole("button", { name: "Reintentar" }));
  expect(response.status()).toBe(200);
  await expect(page.getByRole("table", { name: "Intentos de pago" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Base de datos no disponible" })).toHaveCount(0);
  // The shell comes back whole: what the reduced one left out needs the operator, read from the database again.
  await expect(page.getByRole("button", { name: "Menú de la cuenta" })).toBeVisible();
  await expect(page.getByRole("search", { name: "Búsqueda global" })).toBeVisible();
  await page.screenshot({ path: path.join(E2E_DIR, "database-back.png"), fullPage: true });
});
