import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import path from "node:path";
import { closedPort, startAppServer, type AppServer } from "./app-server";
import { signIn, addSession } from "./helpers";
import { fromService } from "./sandbox";
import { E2E_DIR, E2E_PORT, e2eState } from "./state";

// A second app on the same build and database whose Payment Service is down: PAYMENT_API_URL points at a port where
// nothing listens, as when the sandbox (or the real service) is stopped. Every page that reads the service must say
// so in the operator's terms, and the shell, local pages and navigation must keep working. Its client still retries
// each read three times, 5 ms apart instead of about 1.3 s in all (PAYMENT_API_RETRY_DELAY_MS), as every page here fails.
let app: AppServer;
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  const state = e2eState();
  const deadPort = await closedPort();
  app = await startAppServer({
    port: { from: E2E_PORT + 10 },
    logFile: path.join(E2E_DIR, "server-outage.log"),
    env: { ...state.secrets, DATABASE_URL: state.databaseUrl, PAYMENT_API_URL: `http://127.0.0.1:${deadPort}`, PAYMENT_API_RETRY_DELAY_MS: "5" },
  });
});

test.afterAll(async () => {
  await app?.stop();
});

/** Real ids from the running sandbox, so the pages are those of objects that exist while the service is down. */
async function sandboxIds(request: APIRequestContext) {
  type Listed = { data: Record<string, string>[] };
  const first = async (path: string) => (await fromService<Listed>(request, path)).data[0]!;
  const [intent, customer, subscription, transfer] = await Promise.all([
    first("/v1/payment-intents/account?limit=1"),
    first("/v1/customers?limit=1"),
    first("/v1/subscriptions?limit=1"),
    first("/v1/mobile-transfers/list?limit=1"),
  ]);
  return { intent: intent.id!, customer: customer.id!, subscription: subscription.id!, transfer: transfer.SINPERefNumber! };
}

/** The shared operator's saved session: this app has the same database and AUTH_SECRET, and cookies ignore the port. */
const signInThere = (page: Page, pathname: string) => signIn(page, "operator", `${app.baseURL}${pathname}`);

const nav = (page: Page) => page.getByRole("navigation", { name: "Navegación principal" });

async function expectUnavailable(page: Page, pathname: string) {
  await page.goto(`${app.baseURL}${pathname}`);
  const alert = page.getByRole("alert").filter({ hasText: "Servicio no disponible" });
  await expect(alert, pathname).toBeVisible();
  await expect(alert).toContainText("El servicio de pagos no está disponible en este momento.");
  await expect(alert.getByRole("button", { name: "Reintentar" })).toBeVisible();
  // The shell around it is whole: navigation, the operator's menu.
  await expect(nav(page).getByRole("link", { name: "Eventos" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menú de la cuenta" })).toBeVisible();
}

test("every list page shows the service-unavailable state inside a working shell", async ({ context }) => {
  // Each page waits out the client's retries on the dead service (about a second and a half, asleep): side by side.
  await addSession(context, "operator");
  await Promise.all(
    ["/payments", "/transfers", "/customers", "/subscriptions", "/renewals", "/marketplace", "/products"].map(async (pathname) =>
      expectUnavailable(await context.newPage(), pathname),
    ),
  );
});

test("every detail page shows the service-unavailable state, and its local history still loads", async ({ context, page, request }) => {
  const ids = await sandboxIds(request);
  await addSession(context, "operator");
  await Promise.all(
    [`/payments/${ids.intent}`, `/customers/${ids.customer}`, `/subscriptions/${ids.subscription}`, `/transfers/${ids.transfer}`].map(async (pathname) =>
      expectUnavailable(await context.newPage(), pathname),
    ),
  );
  // The payment's history comes from this app's database, not the service: its section is there.
  await page.goto(`${app.baseURL}/payments/${ids.intent}`);
  await expect(page.getByRole("region", { name: "Historial" })).toBeVisible();
});

test("with the service down, the shell still navigates to the pages that need only this app's data", async ({ page }) => {
  await signInThere(page, "/customers");
  await expect(page.getByRole("alert").filter({ hasText: "Servicio no disponible" })).toBeVisible();
  await nav(page).getByRole("link", { name: "Eventos" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("heading", { name: "Eventos" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Servicio no disponible" })).toHaveCount(0);
  // Retrying while the service is still down lands on the same explained state, not a crash.
  await nav(page).getByRole("link", { name: "Pagos" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Servicio no disponible" });
  await expect(alert).toBeVisible();
  await alert.getByRole("button", { name: "Reintentar" }).click();
  await expect(alert).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pagos" })).toBeVisible();
});
