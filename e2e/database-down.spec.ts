import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { findFreePort } from "../scripts/lib/postgres";
import { startAppServer, type AppServer } from "./app-server";
import { signIn, signInAlert, submitSignIn } from "./helpers";
import { E2E_DIR, E2E_PORT, e2eState } from "./state";

// A second app on the same build whose database cannot be reached: DATABASE_URL points at a port where nothing
// listens. The session is a real one from the main app (same AUTH_SECRET; cookies are per host, not per port), so the
// pages get past the proxy and fail where the operator is read. Each must say so, translated, inside a reduced shell,
// and the API routes must answer 503 JSON with Retry-After.
let app: AppServer;
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  const state = e2eState();
  const deadPort = await findFreePort(E2E_PORT + 250);
  app = await startAppServer({
    port: await findFreePort(E2E_PORT + 150),
    logFile: path.join(E2E_DIR, "server-database-down.log"),
    env: { ...state.secrets, DATABASE_URL: `postgres://root@127.0.0.1:${deadPort}/backoffice`, PAYMENT_API_URL: state.sandboxURL },
    healthy: false,
  });
});

test.afterAll(async () => {
  await app?.stop();
});

// The page's own alert, not Next's route announcer (also role="alert"), which reads the new page's title out after a
// client navigation — here the same words.
const alert = (page: Page, title: string) => page.getByRole("alert").filter({ hasText: title }).and(page.locator(":not(#__next-route-announcer__)"));

test("every dashboard page explains the outage, translated, inside a reduced shell with a retry", async ({ page }) => {
  await signIn(page, "operator");
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
  await retry.click();
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
