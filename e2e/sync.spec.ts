import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import postgres from "postgres";
import { overviewPeriods } from "../lib/local-days";
import { UNRECONCILED_TRANSFER_STATUSES } from "../lib/payments/values";
import { keepClearOfMidnight } from "./midnight";
import { startOwnStack, type OwnStack } from "./own-stack";
import { runScenarioAt } from "./sandbox";
import { E2E_DIR, type SharedRole } from "./state";

// The sync as a new install sees it: an app with its worker on (the shared e2e app runs none, so other specs' figures
// hold still), a FRESH database and a sandbox of its own seeded around today, sending no webhooks. The worker copies the
// sandbox on start; Settings and the Overview must then show what the sandbox's own API says.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const SCREENS = path.join(E2E_DIR, "screens");

let stack: OwnStack;
let sql: postgres.Sql;
// Milliseconds the sandbox waits before answering: 0 until a test wants a pass slow enough to watch.
let slowMs = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The scenarios below are stamped now and counted in this week of Costa Rica: not across a Monday's midnight.
  await keepClearOfMidnight(600_000, (wait) => test.setTimeout(wait + 120_000));
  // Seeded around now, so this week has payments; no webhook target: the figures can only come from the sync.
  // Only test mode has a key: live is not synced, and says so by its absence.
  stack = await startOwnStack({ name: "sync", seed: "e2e-sync", scale: 0.05, portOffset: 50, worker: true, latencyMs: () => slowMs, beforeApp: async (sandbox) => {
    // Made now, before the app starts, so this week has each whatever the seed's spread (early on a Monday the seed at
    // this scale has no payment declined this week, nor one waiting): a payment that succeeds, one declined, and one
    // waiting for a method that was never attempted.
    await runScenarioAt(sandbox.url, "payment-succeeded");
    await runScenarioAt(sandbox.url, "card-payment-failed");
    await runScenarioAt(sandbox.url, "sinpe-transfer-unlinked-matching");
  } });
  ({ sql } = stack);
});
test.afterAll(async () => {
  await stack?.stop();
});

const service = <T,>(pathname: string) => stack.service<T>(pathname);
const listAll = <T extends { id: string }>(pathname: string, query = "") => stack.listAll<T>(pathname, query);
type Transfer = { id: string; status: string; paymentIntentId?: string | null };
const allTransfers = () => listAll<Transfer>("/v1/mobile-transfers/list");
const total = async (pathname: string) => (await service<{ meta: { total: number } }>(`${pathname}?limit=1`)).meta.total;
const count = (n: number) => new Intl.NumberFormat("es-CR").format(n);

/** Nothing queued or running on the worker: a pass started now would otherwise find its (mode, resource) taken. */
const noSyncQueued = () =>
  expect.poll(async () => (await sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'sync' and state in ('created', 'active', 'retry')`)[0]!.n, { timeout: 60_000 }).toBe(0);
/**
 * Runs a pass of `resource` with a key the service refuses, then `check` on what the pages say about it. The worker's
 * scheduled passes (every SYNC_INTERVAL_MINUTES on the minute, with the app's own good key) rightly clear the failure;
 * when one started after the refused pass ended, the refused pass is run again (at most three times), and any other
 * failure of `check` is the test's.
 */
async function afterRefusedPass(resource: "customers" | "accounts", check: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    await noSyncQueued();
    await expect(stack.sync({ resources: [resource], key: `svc_test_secret_key_${randomBytes(18).toString("base64url")}` })).rejects.toThrow(/exited with 1/);
    try {
      return await check();
    } catch (error) {
      const cleared = await sql`
        select 1 from sync_runs where mode = 'test' and resource = ${resource} and outcome <> 'failed' and started_at > (
          select max(finished_at) from sync_runs where mode = 'test' and resource = ${resource} and outcome = 'failed')`;
      if (cleared.length === 0 || attempt === 3) throw error;
    }
  }
}
const open = (browser: Browser, who: SharedRole, pathname: string, locale: "es" | "en" = "es") => stack.open(browser, who, pathname, { locale });

const syncCard = (page: Page) => page.getByRole("region", { name: /Sincronización de datos|Data sync/ });
const row = (page: Page, name: string) => syncCard(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

test("after the start-up sync, Settings shows each resource's copy equal to the service's totals", { tag: "@smoke" }, async ({ browser }) => {
  const payments = await total("/v1/payment-intents/account");
  const customers = await total("/v1/customers");
  const transfers = (await allTransfers()).length;
  const page = await open(browser, "admin", "/settings");
  await expect(async () => {
    await page.reload();
    await expect(syncCard(page).getByText("Al día", { exact: true })).toHaveCount(6, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row(page, "Pagos")).toContainText(`${count(payments)} de ${count(payments)}`);
  await expect(row(page, "Clientes")).toContainText(`${count(customers)} de ${count(customers)}`);
  await expect(row(page, "Transferencias SINPE")).toContainText(count(transfers));
  await expect(row(page, "Pagos")).toContainText(/Copia completa hace \d+ (segundos?|minutos?)|Copia completa ahora/);
  // Each fact once: the backfill that made the copy complete is named in the last run, its time only beside the coverage.
  await expect(row(page, "Pagos").getByText(/Copia completa/)).toHaveCount(1);
  await expect(row(page, "Pagos")).toContainText("Historial completo");
  await syncCard(page).screenshot({ path: path.join(SCREENS, "sync-card-es.png") });
  const english = await open(browser, "admin", "/settings", "en");
  await expect(syncCard(english).getByText("Up to date", { exact: true })).toHaveCount(6);
  await syncCard(english).screenshot({ path: path.join(SCREENS, "sync-card-en.png") });
});

test("the Overview shows this week's payments and the sandbox's own unreconciled transfers, and says webhooks are missing", async ({ browser }) => {
  const unreconciled = (await allTransfers()).filter((t) => !t.paymentIntentId && (UNRECONCILED_TRANSFER_STATUSES as readonly string[]).includes(t.status));
  expect(unreconciled.length).toBeGreaterThan(0);
  // This week's successful payments by the Overview's own definition: succeeded, at a time in this week of Costa Rica:
  // the record's last update, or its creation when it shows refunds (a partial refund moved the update to the refund).
  const { week } = overviewPeriods(new Date(), "America/Costa_Rica");
  type Intent = { id: string; createdAt: string; updatedAt?: string; amountRefunded?: number };
  const succeeded = (await listAll<Intent>("/v1/payment-intents/account", "&status=succeeded")).filter((pi) => {
    const at = new Date((pi.amountRefunded ?? 0) > 0 ? pi.createdAt : (pi.updatedAt ?? pi.createdAt));
    return at >= week.start && at < week.end;
  });
  expect(succeeded.length).toBeGreaterThan(0);
  const page = await open(browser, "viewer", "/");
  const thisWeek = page.getByRole("region", { name: "Exitosos", exact: true }).getByRole("group", { name: "Esta semana" });
  await expect(thisWeek.getByRole("link").first()).toHaveText(`${count(succeeded.length)} ${succeeded.length === 1 ? "pago" : "pagos"}`);
  // Failed this week: the intents whose last attempt failed (a payment error, waiting for a method or a confirmation),
  // not the ones never attempted that the sync copied in the same statuses.
  type Waiting = Intent & { lastPaymentError?: object | null };
  const waiting = [
    ...(await listAll<Waiting>("/v1/payment-intents/account", "&status=requires_payment_method")),
    ...(await listAll<Waiting>("/v1/payment-intents/account", "&status=requires_confirmation")),
  ].filter((pi) => new Date(pi.updatedAt ?? pi.createdAt) >= week.start && new Date(pi.updatedAt ?? pi.createdAt) < week.end);
  const failed = waiting.filter((pi) => pi.lastPaymentError);
  expect(failed.length, "the seed has payments declined this week").toBeGreaterThan(0);
  expect(waiting.length, "and payments never attempted").toBeGreaterThan(failed.length);
  const failedThisWeek = page.getByRole("region", { name: "Fallidos", exact: true }).getByRole("group", { name: "Esta semana" });
  await expect(failedThisWeek.getByRole("link").first()).toHaveText(`${count(failed.length)} ${failed.length === 1 ? "pago" : "pagos"}`);
  await expect(page.getByRole("region", { name: "Transferencias SINPE sin conciliar", exact: true })).toContainText(`${count(unreconciled.length)} transferencia`);
  // Synced, but no webhook: the notice says exactly that, with the coverage.
  await expect(page.getByRole("status").filter({ hasText: "Todavía no llega ninguna notificación en este modo" })).toContainText("Las cifras salen de la copia sincronizada");
  const line = page.getByRole("region", { name: "Sincronización de datos" });
  const payments = await total("/v1/payment-intents/account");
  const transfers = (await allTransfers()).length;
  await expect(line).toContainText(`${count(payments)} de ${count(payments)} pagos · ${count(transfers)} de ${count(transfers)} transferencias`);
  // A viewer reads the line but has no button.
  await expect(line.getByRole("button")).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENS, "overview-es.png"), fullPage: false });
  const english = await open(browser, "viewer", "/", "en");
  await expect(english.getByRole("region", { name: "Data sync" })).toContainText("Local copy");
  await english.screenshot({ path: path.join(SCREENS, "overview-en.png"), fullPage: false });
});

test("with no webhook ever sent, the Overview's failed renewals are the sandbox's renewals charged and still unpaid", async ({ browser }) => {
  // The README's definition: charged at least once, and open (its intent neither processing nor succeeded) or
  // uncollectible; retrying while a next attempt is scheduled, exhausted otherwise.
  type Renewal = { id: string; status: string; attemptCount?: number; nextPaymentAttempt?: string | null; paymentIntentId?: string | null };
  const charged = (await listAll<Renewal>("/v1/invoices")).filter((r) => (r.attemptCount ?? 0) >= 1 && (r.status === "open" || r.status === "uncollectible"));
  const failed: Renewal[] = [];
  for (const renewal of charged) {
    const intent = renewal.status === "open" && renewal.paymentIntentId ? await service<{ status: string }>(`/v1/payment-intents/${renewal.paymentIntentId}`) : null;
    if (!intent || !["processing", "succeeded"].includes(intent.status)) failed.push(renewal);
  }
  const retrying = failed.filter((r) => r.status === "open" && r.nextPaymentAttempt).length;
  expect(retrying, "the seed has a renewal being retried").toBeGreaterThan(0);
  expect(failed.length - retrying, "the seed has a renewal given up on").toBeGreaterThan(0);

  const page = await open(browser, "viewer", "/");
  const card = page.getByRole("region", { name: "Renovaciones fallidas", exact: true });
  await expect(card.getByRole("group", { name: "Reintentando" }).getByRole("link")).toHaveText(count(retrying));
  await expect(card.getByRole("group", { name: "Agotadas" }).getByRole("link")).toHaveText(count(failed.length - retrying));
  const workspace = await open(browser, "viewer", "/renewals/failed?state=exhausted&limit=100");
  await expect(workspace.locator("main tr[data-row-id]")).toHaveCount(failed.length - retrying);
});

test("Sync now by an operator queues a pass (a new run) with an audit row; the viewer's forged call is refused", async ({ browser }) => {
  const runsBefore = (await sql<{ runs: number }[]>`select count(*)::int as runs from sync_runs`)[0]!.runs;
  const page = await open(browser, "operator", "/");
  const line = page.getByRole("region", { name: "Sincronización de datos" });
  const clicked = Date.now();
  const [call] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    line.getByRole("button", { name: "Sincronizar ahora" }).click(),
  ]);
  await expect(line.getByRole("status")).toContainText(/en cola/);
  const audit = await sql<{ actor: string; subject_id: string; mode: string }[]>`select actor, subject_id, mode from audit_log where action = 'sync.request'`;
  expect(audit).toEqual([{ actor: stack.people.operator.email, subject_id: "test.all", mode: "test" }]);
  await expect.poll(async () => (await sql<{ runs: number }[]>`select count(*)::int as runs from sync_runs`)[0]!.runs, { timeout: 30_000 }).toBeGreaterThan(runsBefore);
  // The button follows the jobs it queued and says when they are done (it does not leave "en cola" up for ever).
  await expect(line.getByTestId("sync-finished")).toHaveText("Sincronización terminada.", { timeout: 60_000 });
  await expect(line.getByRole("status")).not.toContainText(/en cola/);
  // The whole copy is current afterwards, what can still change read again too: the line's time is this Sync now's
  // (it was the older of the last pass of new records and the last re-read, which Sync now did not do).
  await expect(async () => {
    await page.reload();
    const fresh = Date.parse((await line.locator("time").first().getAttribute("datetime", { timeout: 1_000 })) ?? "");
    expect(fresh).toBeGreaterThanOrEqual(clicked - 1_000);
  }).toPass({ timeout: 15_000 });
  await line.screenshot({ path: path.join(SCREENS, "overview-after-sync-now-es.png") });

  const viewer = await open(browser, "viewer", "/");
  const forged = await viewer.request.post("/", {
    headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
    data: call.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  expect((await sql`select 1 from audit_log where action = 'sync.request'`).length).toBe(1);
});

test("with no live key, the mode switch shows Producción disabled and says which setting is missing", async ({ browser }) => {
  const page = await open(browser, "viewer", "/");
  const modes = page.getByRole("group", { name: "Modo" });
  await expect(modes.getByRole("button", { name: "Prueba" })).toHaveAttribute("aria-pressed", "true");
  const live = modes.getByRole("button", { name: "Producción", exact: true });
  await expect(live).toBeDisabled();
  const why = "Producción no está configurada: falta PAYMENT_SECRET_KEY_LIVE en el servidor.";
  await expect(live).toHaveAccessibleDescription(why);
  await expect(live).toHaveAttribute("title", why);
  await page.screenshot({ path: path.join(SCREENS, "mode-switch-no-live-es.png") });
  const english = await open(browser, "viewer", "/", "en");
  const englishLive = english.getByRole("group", { name: "Mode" }).getByRole("button", { name: "Live", exact: true });
  await expect(englishLive).toHaveAccessibleDescription("Live is not configured: PAYMENT_SECRET_KEY_LIVE is not set on the server.");
  await english.setViewportSize({ width: 390, height: 844 });
  await english.screenshot({ path: path.join(SCREENS, "mode-switch-no-live-en-390.png") });
});

test("a backfill in progress shows its rows of the service's total with a bar; a refused key shows what to fix", async ({ browser }) => {
  // Nothing else running: the pass below would otherwise find its (mode, resource) taken.
  await noSyncQueued();
  const payments = await total("/v1/payment-intents/account");
  slowMs = 400;
  const backfill = stack.sync({ resources: ["payments"], full: true });
  try {
    const page = await open(browser, "admin", "/settings");
    const bar = row(page, "Pagos").getByRole("progressbar", { name: "Avance de Pagos" });
    await expect(async () => {
      await page.reload();
      await expect(bar).toHaveAttribute("aria-valuenow", /^[1-9]\d?$/, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // The bar shows the share, not a full bar (a style attribute, refused by the CSP, once left it always full).
    const [done, track] = await Promise.all([bar.locator("[data-part=done]").boundingBox(), bar.locator("[data-part=track]").boundingBox()]);
    expect(done!.width).toBeGreaterThan(0);
    expect(done!.width).toBeLessThan(track!.width);
    await expect(row(page, "Pagos")).toContainText("Sincronizando");
    await expect(row(page, "Pagos")).toContainText(new RegExp(`\\d[\\d\\s]* de ${count(payments)}`));
    await syncCard(page).screenshot({ path: path.join(SCREENS, "sync-card-running-es.png") });
    const english = await open(browser, "admin", "/settings", "en");
    await expect(row(english, "Payments")).toContainText("Syncing");
    await syncCard(english).screenshot({ path: path.join(SCREENS, "sync-card-running-en.png") });
  } finally {
    slowMs = 0;
  }
  await backfill;

  // Again, watched from a list read from payments: the line under its title gives the pass's figure beside the copy's age.
  await noSyncQueued();
  slowMs = 800;
  const again = stack.sync({ resources: ["payments"], full: true });
  try {
    const failedRenewals = await open(browser, "viewer", "/renewals/failed");
    const note = failedRenewals.getByTestId("synced-note");
    await expect(async () => {
      await failedRenewals.reload();
      await expect(note).toHaveText(new RegExp(`^Copia local de renovaciones y pagos·al día hace .+·Sincronizando pagos… [1-9][\\d\\s]* de ${count(payments)}$`), { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await note.screenshot({ path: path.join(SCREENS, "synced-note-running-es.png") });
  } finally {
    slowMs = 0;
  }
  await again;

  // A key the service refuses: the pass stops, and the card says which setting to fix.
  await afterRefusedPass("customers", async () => {
    const page = await open(browser, "admin", "/settings");
    await expect(row(page, "Clientes").getByText("Detenida")).toBeVisible();
    await expect(row(page, "Clientes").locator("[aria-describedby]")).toHaveAccessibleDescription(/^El servicio de pagos rechazó la llave secreta de este modo\. Corrige PAYMENT_SECRET_KEY_TEST/);
    await syncCard(page).screenshot({ path: path.join(SCREENS, "sync-card-failed-es.png") });
    const english = await open(browser, "admin", "/settings", "en");
    await expect(row(english, "Customers").locator("[aria-describedby]")).toHaveAccessibleDescription(/Fix PAYMENT_SECRET_KEY_TEST/);
    await syncCard(english).screenshot({ path: path.join(SCREENS, "sync-card-failed-en.png") });
    const overview = await open(browser, "operator", "/");
    await expect(overview.getByRole("region", { name: "Sincronización de datos" })).toContainText("Detenida (clientes): El servicio de pagos rechazó la llave secreta");
    await overview.screenshot({ path: path.join(SCREENS, "overview-failed-es.png"), fullPage: false });
  });

  // A failed pass of the accounts: the marketplace says its copy stopped, still as fresh as its last good pass.
  await afterRefusedPass("accounts", async () => {
    // Accounts' statuses were last all read by the backfill or a later re-read, whichever ended last (an incremental pass reads new ones only).
    const [good] = await sql<{ at: Date }[]>`
      select greatest(s.last_complete_at, (select max(finished_at) from sync_runs where mode = 'test' and resource = 'accounts' and kind = 'refresh' and outcome = 'succeeded')) as at
      from sync_state s where s.mode = 'test' and s.resource = 'accounts'`;
    expect(good?.at).toBeTruthy();
    const marketplace = await open(browser, "viewer", "/marketplace");
    const note = marketplace.getByTestId("synced-note");
    await expect(note).toContainText(/^Copia local de cuentas conectadas·al día hace .+·Detenida: El servicio de pagos rechazó la llave secreta de este modo\. Corrige PAYMENT_SECRET_KEY_TEST/);
    await expect(note.locator("time")).toHaveAttribute("datetime", good!.at.toISOString());
    await marketplace.screenshot({ path: path.join(SCREENS, "marketplace-note-failed-es.png"), fullPage: false });
    const englishList = await open(browser, "viewer", "/marketplace", "en");
    await expect(englishList.getByTestId("synced-note")).toContainText(/^Local copy of connected accounts·up to date .+ ago·Stopped: /);
  });
});
