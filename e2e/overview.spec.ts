import { randomInt } from "node:crypto";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../lib/i18n/config";
import { localDay } from "../lib/local-days";
import { formatMoney } from "../lib/format/money";
import { formatCalendarDay } from "../lib/format/time";
import { deferred } from "../lib/webhooks/test-events";
import { signIn } from "./helpers";
import { keepClearOfMidnight } from "./midnight";
import { fromService, runScenario as runScenarioIn, scenario } from "./sandbox";
import { E2E_DIR, e2eState } from "./state";

// The Overview against real webhooks: sandbox scenarios (and one hand-made delivery) reach the app, and the figures
// move. These tests work in live mode, which no other spec sends events to, so every change is one of theirs and can
// be asserted exactly; they run in order because each builds on the figures the previous one left.
//
// "Today" is the app's clock in Costa Rica. The sandbox stamps its scenarios with its own clock, which is this
// machine's clock plus any offset someone gave it (its seed data is pinned to 2026-11-01, but nothing here reads that).

test.describe.configure({ mode: "serial" });

const ZONE = "America/Costa_Rica";
/** lib/mode.ts's MODE_COOKIE (that module is server-only). */
const MODE_COOKIE = "bo_mode";
const liveIntent = (request: APIRequestContext, id: string) =>
  fromService<{ amount: number; currency: string; createdAt: string }>(request, `/v1/payment-intents/${id}`, { mode: "live" });
const runScenario = (request: APIRequestContext, name: string) => runScenarioIn(request, name, "live");

/**
 * Signs in and opens the Overview in live mode. The switch is a cookie of this browser context: it is given the one the
 * switch's action sets (setModeAction; preferences.spec.ts and the last test here click the switch itself), so the
 * Overview is rendered once, in live mode, rather than in test mode first and again after the click.
 */
async function openLiveOverview(page: Page) {
  await page.context().addCookies([{ name: MODE_COOKIE, value: "live", url: e2eState().baseURL, httpOnly: true, sameSite: "Lax" }]);
  await signIn(page, "viewer");
  const live = page.getByRole("group", { name: "Modo" }).getByRole("button", { name: "Producción" });
  await expect(live).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Resumen" })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const period = (page: Page, outcome: string, label: "Hoy" | "Esta semana") => card(page, outcome).getByRole("group", { name: label });
/** "₡12 345,00" → 1234500: the figures are shown with both decimals, so the digits are the minor units. */
const minor = async (locator: Locator) => ((await locator.count()) === 0 ? 0 : Number((await locator.innerText()).replace(/\D/g, "")));
const count = async (locator: Locator) => Number(/\d+/.exec(await locator.innerText())?.[0] ?? 0);
const money = (amount: number, currency: string) => formatMoney(amount, currency, "es-CR");

/** Webhooks land a moment after the scenario: reload until the page shows what they changed. */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 15_000 });
}

test.beforeAll(async ({ request }) => {
  const clock = (await (await request.get(`${e2eState().sandboxURL}/_sandbox/clock`)).json()) as { offsetSeconds: number };
  expect(clock.offsetSeconds, "a spec moved the sandbox clock: its events are no longer dated today by the app's clock").toBe(0);
  // Close to midnight in Costa Rica, a scenario could be stamped on one day and the page read on the next: these tests
  // take about a minute (several on a loaded machine), so within ten minutes of midnight they wait for the new day.
  await keepClearOfMidnight(600_000, (wait) => test.setTimeout(wait + 60_000));
});

test("a mode that has received nothing says so, and where the webhooks must go", async ({ page }) => {
  await openLiveOverview(page);
  // The shared e2e app runs no sync worker: neither a copy nor webhooks, and the notice names both settings.
  const notice = page.getByRole("alert").filter({ hasText: "Ni sincronización ni notificaciones en este modo" });
  await expect(notice).toContainText("a /api/webhooks/live, con el secreto que tiene WEBHOOK_SECRET_LIVE");
  await expect(notice).toContainText("PAYMENT_SECRET_KEY_LIVE");
  await expect(card(page, "Últimos eventos")).toContainText("revisa la configuración de notificaciones (webhooks)");
  await expect(card(page, "Transferencias SINPE sin conciliar")).toContainText("mobile-transfer.received viene desactivado");
  await expect(card(page, "Volumen diario de pagos exitosos")).toContainText("Ningún pago exitoso en los últimos 30 días");
  await expect(period(page, "Exitosos", "Hoy").getByRole("link")).toHaveText("Ninguno");
});

test("a payment that succeeds, one declined and one deferred move today's and this week's figures and the chart", async ({ page, request }) => {
  await openLiveOverview(page);
  const today = localDay(new Date(), ZONE);
  const before = {
    succeeded: await count(period(page, "Exitosos", "Hoy").getByRole("link")),
    succeededCrc: await minor(period(page, "Exitosos", "Hoy").locator('span[title="CRC"]')),
    weekCrc: await minor(period(page, "Exitosos", "Esta semana").locator('span[title="CRC"]')),
    failed: await count(period(page, "Fallidos", "Hoy").getByRole("link")),
    deferred: await count(period(page, "Diferidos", "Hoy").getByRole("link")),
    deferredCrc: await minor(period(page, "Diferidos", "Hoy").locator('span[title="CRC"]')),
  };

  const { paymentIntentId } = await runScenario(request, "payment-succeeded");
  const intent = await liveIntent(request, paymentIntentId!);
  expect(intent.currency).toBe("CRC");
  expect(localDay(new Date(intent.createdAt), ZONE), "the sandbox dates its scenarios by this machine's clock").toBe(today);
  await runScenario(request, "card-payment-failed");
  const waiting = deferred(`pi_overview_${randomInt(1e9)}`, new Date().toISOString());
  const delivery = await request.post("/api/webhooks/live", {
    headers: { "x-webhook-secret": e2eState().secrets.WEBHOOK_SECRET_LIVE! },
    data: { ...waiting, data: { ...waiting.data, mode: "live", amount: 2_345_600 } },
  });
  expect(delivery.ok()).toBe(true);

  const succeededToday = period(page, "Exitosos", "Hoy");
  await eventually(page, async () => {
    await expect(succeededToday.getByRole("link")).toHaveText(before.succeeded === 0 ? "1 pago" : `${before.succeeded + 1} pagos`, { timeout: 1_000 });
    await expect(period(page, "Fallidos", "Hoy").getByRole("link")).toHaveText(new RegExp(`^${before.failed + 1} pagos?$`), { timeout: 1_000 });
  });
  expect(await minor(succeededToday.locator('span[title="CRC"]'))).toBe(before.succeededCrc + intent.amount);
  expect(await minor(period(page, "Exitosos", "Esta semana").locator('span[title="CRC"]'))).toBe(before.weekCrc + intent.amount);
  // A declined card's event has no amount: it is counted, and said to be without one.
  await expect(period(page, "Fallidos", "Hoy")).toContainText("sin monto conocido");
  const deferredToday = period(page, "Diferidos", "Hoy");
  await expect(deferredToday.getByRole("link")).toHaveText(new RegExp(`^${before.deferred + 1} pagos?$`));
  expect(await minor(deferredToday.locator('span[title="CRC"]'))).toBe(before.deferredCrc + 2_345_600);

  // Each figure opens the payments list on that status and period.
  await expect(succeededToday.getByRole("link")).toHaveAttribute("href", `/payments?status=succeeded&from=${today}&to=${today}`);
  await expect(deferredToday.getByRole("link")).toHaveAttribute("href", `/payments?status=processing&from=${today}&to=${today}`);

  // The chart's figures for today agree with today's card.
  const chart = card(page, "Volumen diario de pagos exitosos").locator("figure").filter({ has: page.getByRole("img", { name: /Pagos exitosos por día en CRC/ }) });
  const payments = before.succeeded + 1;
  const total = money(before.succeededCrc + intent.amount, "CRC");
  // Today's bar is the last; its hover names the day, the amount and the payments.
  await expect(chart.locator("a[title]").last()).toHaveAttribute("title", `${formatCalendarDay(today, "es-CR")}: ${total} · ${payments} ${payments === 1 ? "pago" : "pagos"}`);
  await chart.getByText("Ver cifras por día").click();
  const row = chart.locator(`tr[data-day="${today}"]`);
  await expect(row.locator("td").first()).toHaveText(String(payments));
  await expect(row.locator("td").last()).toHaveText(total);
  await expect(row.getByRole("link")).toHaveAttribute("href", `/payments?status=succeeded&from=${today}&to=${today}`);
});

test("a SINPE transfer that no payment claims is unreconciled money, and the figure opens the reconciliation queues", async ({ page, request }) => {
  await openLiveOverview(page);
  const transfers = card(page, "Transferencias SINPE sin conciliar");
  // The figure is the card's first link; the second leads into reconciliation's queues.
  const figure = transfers.getByRole("link").first();
  const before = { count: await count(figure), crc: await minor(transfers.locator('span[title="CRC"]')) };

  await runScenario(request, "stray-transfer");
  await eventually(page, () => expect(figure).toHaveText(new RegExp(`^${before.count + 1} transferencias?$`), { timeout: 1_000 }));
  // The stray transfer is always ₡12 345,00.
  expect(await minor(transfers.locator('span[title="CRC"]'))).toBe(before.crc + 1_234_500);
  await expect(transfers).toContainText(money(before.crc + 1_234_500, "CRC"));
  await expect(transfers).toContainText("La más antigua:");

  await expect(transfers.getByRole("link", { name: "Conciliarlas →" })).toHaveAttribute("href", "/reconciliation");
  // The figure opens the queues that hold exactly those transfers, and they say the same count.
  await figure.click();
  await expect(page).toHaveURL(/\/reconciliation$/);
  await expect(page.getByTestId("open-transfers")).toContainText(new RegExp(`^${before.count + 1} transferencias? por conciliar`));
  // This app has copied nothing from the service (no sync worker): the queues say their suggestions are not complete.
  const incomplete = page.getByRole("status").filter({ hasText: "Las sugerencias aún no están completas" });
  await expect(incomplete).toContainText("La copia de transferencias SINPE, pagos y clientes del servicio aún no ha terminado");
  await page.screenshot({ path: path.join(E2E_DIR, "screens", "reconciliation-incomplete-es.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(E2E_DIR, "screens", "reconciliation-incomplete-es-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: e2eState().baseURL, sameSite: "Lax" }]);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "The suggestions are not complete yet" })).toContainText("The copy of SINPE transfers, payments, and customers from the service has not finished");
  await page.screenshot({ path: path.join(E2E_DIR, "screens", "reconciliation-incomplete-en.png") });
});

test("a renewal counts as retrying until the service gives up on it; one that recovers leaves the figures as they were", async ({ page, request }) => {
  await openLiveOverview(page);
  const renewals = card(page, "Renovaciones fallidas");
  const retrying = renewals.getByRole("group", { name: "Reintentando" });
  const exhausted = renewals.getByRole("group", { name: "Agotadas" });
  const before = { retrying: await count(retrying.getByRole("link")), exhausted: await count(exhausted.getByRole("link")) };

  const attempt = async () => (await scenario(request, "renewal-failed", "live")).summary;
  expect(await attempt(), "a live renewal was left half-failed by an earlier run").toMatch(/attempt 1 failed, now open/);
  await eventually(page, () => expect(retrying.getByRole("link")).toHaveText(String(before.retrying + 1), { timeout: 1_000 }));
  await expect(retrying).toContainText("Próximo intento:");
  await expect(retrying.getByRole("link")).toHaveAttribute("href", "/renewals/failed?state=retrying");

  // Attempts 2 and 3 keep it retrying; the 4th makes it uncollectible.
  for (const expected of [/attempt 2 failed, now open/, /attempt 3 failed, now open/, /attempt 4 failed, now uncollectible/]) expect(await attempt()).toMatch(expected);
  await eventually(page, async () => {
    await expect(exhausted.getByRole("link")).toHaveText(String(before.exhausted + 1), { timeout: 1_000 });
    await expect(retrying.getByRole("link")).toHaveText(String(before.retrying), { timeout: 1_000 });
  });
  await expect(exhausted.getByRole("link")).toHaveAttribute("href", "/renewals/failed?state=exhausted");

  const { subscriptionId } = await runScenario(request, "renewal-failed-then-recovered");
  const events = card(page, "Últimos eventos");
  await eventually(page, () => expect(events.getByRole("link").filter({ hasText: subscriptionId! }).filter({ hasText: "Renovación cobrada" })).toBeVisible({ timeout: 1_000 }));
  await expect(retrying.getByRole("link")).toHaveText(String(before.retrying));
  await expect(exhausted.getByRole("link")).toHaveText(String(before.exhausted + 1));
});

test("the latest events are this mode's, each opening its event; the other mode does not show them", async ({ page, request }) => {
  await openLiveOverview(page);
  const { paymentIntentId } = await runScenario(request, "payment-succeeded");
  const events = card(page, "Últimos eventos");
  const line = events.getByRole("link").filter({ hasText: paymentIntentId! });
  await eventually(page, () => expect(line).toBeVisible({ timeout: 1_000 }));
  await expect(line).toContainText("Pago exitoso");
  await expect(line).toContainText("Procesado");
  await expect(line).toHaveAttribute("href", /^\/events\/\d+$/);
  await expect(page.getByRole("alert").filter({ hasText: "Ni sincronización ni notificaciones" })).toHaveCount(0);

  await line.click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago exitoso" })).toBeVisible();
  await expect(page.getByLabel("Contenido interpretado")).toContainText(paymentIntentId!);

  await page.goto("/");
  await page.getByRole("group", { name: "Modo" }).getByRole("button", { name: "Prueba" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modo de prueba" })).toBeVisible();
  await expect(card(page, "Últimos eventos")).not.toContainText(paymentIntentId!);
});
