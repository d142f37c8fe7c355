import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { decodeSenderId } from "../lib/format/sender-id";
import es from "../lib/i18n/messages/es";
import { addSession, expectAfterReloads, poll, signIn } from "./helpers";
import { fromService, runScenario } from "./sandbox";
import { e2eState } from "./state";

// The detail pages against the seeded sandbox: a scenario changes the service and sends its webhooks to the app; the
// page shows the object from the API and, once the events have landed, their lines in its history.

const history = (page: Page) => page.getByRole("region", { name: "Historial" });

/** The line the scenario's webhooks wrote, reloading until it is there (the page is server-rendered). */
async function expectInHistory(page: Page, line: string | RegExp) {
  await expectAfterReloads(page, () => expect(history(page).getByText(line).first()).toBeVisible({ timeout: 1_000 }));
}

/** A seeded monthly subscription old enough to have more than one page (10) of renewals. */
async function subscriptionWithRenewalPages(request: APIRequestContext): Promise<string> {
  const { data } = await fromService<{ data: { id: string }[] }>(request, "/v1/subscriptions?limit=100");
  for (const { id } of data) {
    const renewals = await fromService<{ meta: { total: number } }>(request, `/v1/invoices?subscriptionId=${id}&limit=1`);
    if (renewals.meta.total > 10) return id;
  }
  throw new Error("the seed has no subscription with more than 10 renewals");
}

// Intl separates thousands with a narrow no-break space in es-CR.
const money = (amount: number, currency: string) => formatMoney(amount, currency, "es-CR");

test("a payment shows its amount, status and customer, and its success in the history", { tag: "@smoke" }, async ({ page, request }) => {
  const { paymentIntentId, customerId } = await runScenario(request, "payment-succeeded");
  const intent = await fromService<{ amount: number; currency: string; customer: { name: string } }>(request, `/v1/payment-intents/${paymentIntentId}`);
  await signIn(page, "viewer", `/payments/${paymentIntentId}`);

  await expect(page.getByRole("heading", { level: 1, name: money(intent.amount, intent.currency) })).toBeVisible();
  await expect(page.locator("header").getByText("Exitoso", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: intent.customer.name })).toHaveAttribute("href", `/customers/${customerId}`);
  await expectInHistory(page, "Pago exitoso");

  await page.getByRole("link", { name: "Volver a pagos" }).click();
  await expect(page).toHaveURL(/\/payments$/);
});

test("a SINPE transfer shows its sender's id kind, its history, and links to the intent it paid", async ({ page, request }) => {
  const { SINPERefNumber, paymentIntentId } = await runScenario(request, "sinpe-transfer-linked");
  const { data } = await fromService<{ data: { originId: string }[] }>(request, `/v1/mobile-transfers/list?SINPERefNumber=${SINPERefNumber}`);
  const sender = decodeSenderId(data[0]!.originId);
  await signIn(page, "viewer", `/transfers/${SINPERefNumber}`);

  await expect(page.getByText(sender.formatted, { exact: true })).toBeVisible();
  await expect(page.getByText(es.senderIdKind[sender.kind], { exact: true })).toBeVisible();
  await expectInHistory(page, "Transferencia SINPE recibida");
  // The sender's phone comes from the webhook (the spec's record has none).
  await expect(page.getByText("Notificación", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Ver pago" }).first().click();
  await expect(page).toHaveURL(`/payments/${paymentIntentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("on a phone, a transfer no payment claims offers to reconcile it in a link that breaks between words, never inside one", async ({ page, request }) => {
  const { SINPERefNumber } = await runScenario(request, "stray-transfer");
  await signIn(page, "viewer", `/transfers/${SINPERefNumber}`);
  await page.setViewportSize({ width: 390, height: 844 });
  const link = page.getByRole("link", { name: "Conciliar esta transferencia" });
  await expect(link).toBeVisible();
  // Each word of the link lies on one line: a word whose box splits into two was broken (break-all, for ids only).
  const split = await link.evaluate((element) => {
    const text = element.firstChild!;
    const words = [...(text.textContent ?? "").matchAll(/\S+/g)];
    return words.filter((word) => {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
    }).map((word) => word[0]);
  });
  expect(split).toEqual([]);
  expect(await link.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
});

test("a subscription whose renewal failed shows the failure in its history and the open renewal", async ({ page, request }) => {
  const { subscriptionId } = await runScenario(request, "renewal-failed");
  await signIn(page, "viewer", `/subscriptions/${subscriptionId}`);

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const renewals = page.getByRole("table", { name: "Renovaciones" });
  await expect(renewals.getByText("Abierta").first()).toBeVisible();
  await expectInHistory(page, /Renovación fallida \(intento \d+\)/);
});

test("a subscription's renewals page back and forth by the renewal list's cursors", async ({ page, request }) => {
  const subscriptionId = await subscriptionWithRenewalPages(request);
  await signIn(page, "viewer", `/subscriptions/${subscriptionId}`);

  const renewals = page.getByRole("table", { name: "Renovaciones" });
  const periods = () => renewals.locator("tbody tr td:first-child").allTextContents();
  const pages = page.getByRole("navigation", { name: "Páginas de renovaciones" });
  const first = await periods();
  expect(first).toHaveLength(10);
  await expect(pages.getByRole("link", { name: "Más recientes" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Más antiguas" }).click();
  await expect(page).toHaveURL(/renewalsAfter=/);
  await poll(periods).not.toEqual(first);
  await pages.getByRole("link", { name: "Más recientes" }).click();
  await expect(page).toHaveURL(/renewalsBefore=/);
  await poll(periods).toEqual(first);
});

test("paging a subscription's renewals by keyboard keeps focus in their page links, up to the last page", async ({ page, request }) => {
  const subscriptionId = await subscriptionWithRenewalPages(request);
  await signIn(page, "viewer", `/subscriptions/${subscriptionId}`);
  const pages = page.getByRole("navigation", { name: "Páginas de renovaciones" });
  const older = pages.getByRole("link", { name: "Más antiguas" });
  await older.focus();
  // The last page turns "older" into a disabled label: focus moves to "newer", not to the top of the page.
  while ((await older.count()) > 0) {
    const url = page.url();
    await page.keyboard.press("Enter");
    await expect(page).not.toHaveURL(url);
    await expect(pages.getByRole("link").first()).toBeVisible();
  }
  await expect(pages.getByRole("link", { name: "Más recientes" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/renewalsBefore=/);
  await expect(pages.getByRole("link", { name: "Más antiguas" })).toBeFocused();
});

test("events delivered out of order leave the intent succeeded, with both in its history", async ({ page, request }) => {
  const { paymentIntentId } = await runScenario(request, "out-of-order-delivery");
  await signIn(page, "viewer", `/payments/${paymentIntentId}`);

  await expect(page.locator("header").getByText("Exitoso", { exact: true })).toBeVisible();
  await expectInHistory(page, es.events.types.payment_intent_deferred);
  await expect(history(page).getByText("Pago exitoso")).toBeVisible();
});

test("a failure that arrives after success is flagged on the intent", async ({ page, request }) => {
  const { paymentIntentId } = await runScenario(request, "payment-succeeded");
  await signIn(page, "viewer", `/payments/${paymentIntentId}`);
  await expectInHistory(page, "Pago exitoso");

  // A late failed event for the same intent, as the service could send it, straight to the webhook endpoint.
  const failed = {
    type: "payment-intent.failed",
    data: {
      id: paymentIntentId,
      accountId: "acct_e2e",
      currency: "CRC",
      status: "requires_payment_method",
      customer: { id: "cus_e2e", name: "Ana Mora", phone: "+50688887777", email: "ana@example.com" },
      metadata: {},
      error: { message: "Fondos insuficientes", code: "declined", type: "card_error", paymentMethodType: "card", createdAt: new Date(Date.now() + 60_000).toISOString() },
    },
  };
  const delivery = await request.post(`${e2eState().baseURL}/api/webhooks/test`, {
    headers: { "X-Webhook-Secret": e2eState().secrets.WEBHOOK_SECRET_TEST!, "Content-Type": "application/json" },
    data: failed,
  });
  expect(delivery.ok()).toBe(true);

  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "Llegó un fallo después del éxito" })).toBeVisible();
  await expect(page.locator("header").getByText("Exitoso", { exact: true })).toBeVisible();
  await expect(history(page).getByText("Pago fallido")).toBeVisible();
  // The decline's words, and the service's code named as one.
  await expect(history(page).getByText("Fondos insuficientes (código declined)")).toBeVisible();
});

test("a customer's page lists their latest payments, each opening its own page", async ({ page, request }) => {
  const { paymentIntentId, customerId } = await runScenario(request, "payment-succeeded");
  await signIn(page, "viewer", `/customers/${customerId}`);

  const payments = page.getByRole("table", { name: "Pagos recientes" });
  const link = payments.locator(`a[href="/payments/${paymentIntentId}"]`);
  await expect(link).toBeVisible();
  await expect(page.getByText("Total gastado")).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(`/payments/${paymentIntentId}`);
});

test("a customer's page says how many subscriptions they have in all, beside the latest ones", async ({ page, request }) => {
  const { data } = await fromService<{ data: { customerId: string | null }[] }>(request, "/v1/subscriptions?limit=100");
  const counts = new Map<string, number>();
  for (const { customerId } of data) if (customerId) counts.set(customerId, (counts.get(customerId) ?? 0) + 1);
  const customerId = [...counts.keys()][0]!;
  const { meta } = await fromService<{ meta: { total: number } }>(request, `/v1/subscriptions?customerId=${customerId}&limit=1`);
  await signIn(page, "viewer", `/customers/${customerId}`);
  const count = meta.total > 10 ? `Las 10 más recientes de ${meta.total}` : `${meta.total} ${meta.total === 1 ? "suscripción" : "suscripciones"}`;
  await expect(page.getByText(count, { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Suscripciones" }).locator("tbody tr")).toHaveCount(Math.min(meta.total, 10));
});

test("a failing list on a detail page explains itself without hiding the rest", async ({ page, request }) => {
  const { subscriptionId } = await runScenario(request, "renewal-failed");
  await signIn(page, "viewer", `/subscriptions/${subscriptionId}?renewalsAfter=inv_forged_cursor`);

  const alert = page.getByRole("alert").filter({ hasText: "El servicio de pagos rechazó la solicitud por datos inválidos." });
  await expect(alert).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Productos" })).toBeVisible();
});

test("a transfer reference the reconciliation page cannot read, or that no transfer has, is a 404 inside the app", async ({ page }) => {
  await addSession(page.context(), "viewer");
  // %00 reached PostgreSQL, which holds no NUL in text: a 500.
  for (const path of ["/reconciliation/transfers/%00", "/reconciliation/transfers/a%07b", "/reconciliation/transfers/2026010100000000000000000", `/reconciliation/transfers/${"1".repeat(300)}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(es.reconciliationDecision.notFound)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
    await expect(page.getByRole("main"), path).toHaveCount(1);
  }
});

test("an unknown id is a 404 inside the app, for every kind of detail page", async ({ page }) => {
  // Signed in straight to the first of them (each is asserted inside the app's shell).
  await addSession(page.context(), "viewer");
  for (const path of ["/payments/pi_does_not_exist", "/customers/cus_does_not_exist", "/subscriptions/sub_does_not_exist", "/transfers/2026010100000000000000000", "/transfers/too-short"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "No lo encontramos" })).toBeVisible();
    await expect(page.getByText("no tiene este registro en modo prueba")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
    await expect(page.getByRole("main"), path).toHaveCount(1);
  }
});
