import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { toMajorInput } from "../lib/format/parse-money";
import { expectAfterReloads, signIn } from "./helpers";
import { fromService, runScenario } from "./sandbox";

// Refunds from the payment page against the seeded sandbox: the refund is made by the service, shown on the page and
// in the payment's history, and recorded in the audit log; a viewer can neither see nor forge one.

type Intent = { id: string; amount: number; currency: string; status: string; amountRefunded: number };

async function paidIntent(request: APIRequestContext): Promise<Intent> {
  const { paymentIntentId } = await runScenario(request, "payment-succeeded");
  return fromService<Intent>(request, `/v1/payment-intents/${paymentIntentId}`);
}

// Intl separates thousands with a narrow no-break space in es-CR.
const money = (amount: number, currency: string) => formatMoney(amount, currency, "es-CR");
const history = (page: Page) => page.getByRole("region", { name: "Historial" });
const refundForm = (page: Page) => page.getByRole("form", { name: "Reembolso de este pago" });
const remaining = (page: Page) => page.getByTestId("refund-remaining");

async function fillRefund(page: Page, amount: string, reason: string) {
  await page.getByRole("button", { name: "Reembolsar", exact: true }).click();
  await refundForm(page).getByLabel("Monto a reembolsar").fill(amount);
  await refundForm(page).getByLabel("Motivo").selectOption({ label: reason });
  await refundForm(page).getByRole("button", { name: "Revisar el reembolso" }).click();
}

test("an operator refunds part of a payment: confirmation, what is left, the history line and the audit row", async ({ page, request, browser }) => {
  const intent = await paidIntent(request);
  const part = Math.floor(intent.amount / 4);
  await signIn(page, "operator", `/payments/${intent.id}`);
  await expect(remaining(page)).toHaveText(money(intent.amount, intent.currency));
  // The success event arrives shortly after the scenario: the refund must be listed after it.
  await expectAfterReloads(page, () => expect(history(page).getByText("Pago exitoso")).toBeVisible({ timeout: 1_000 }));

  // Bad amounts are caught on the form and what was typed stays there.
  await fillRefund(page, "12,345", "Cobro duplicado");
  await expect(refundForm(page).getByText("Para los miles usa un espacio (10 000) o nada (10000): el punto y la coma marcan los decimales, y esta moneda no admite tantos.", { exact: true })).toBeVisible();
  await expect(refundForm(page).getByLabel("Monto a reembolsar")).toHaveValue("12,345");
  await refundForm(page).getByLabel("Monto a reembolsar").fill(toMajorInput(intent.amount + 1, intent.currency, "es-CR"));
  await refundForm(page).getByRole("button", { name: "Revisar el reembolso" }).click();
  await expect(refundForm(page).getByText("Supera lo que queda por reembolsar.", { exact: true })).toBeVisible();

  await refundForm(page).getByLabel("Monto a reembolsar").fill(toMajorInput(part, intent.currency, "es-CR"));
  await refundForm(page).getByRole("button", { name: "Revisar el reembolso" }).click();
  const confirmation = refundForm(page).getByRole("region", { name: "Confirma el reembolso" });
  await expect(confirmation.getByTestId("refund-confirm-amount")).toContainText(money(part, intent.currency));
  await expect(confirmation.getByTestId("refund-confirm-amount")).toContainText(intent.currency);
  await expect(confirmation).toContainText("Cobro duplicado");
  await expect(confirmation).toContainText(money(intent.amount - part, intent.currency));
  await confirmation.getByRole("button", { name: "Confirmar reembolso" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Reembolso hecho" })).toContainText(money(part, intent.currency));
  await expect(remaining(page)).toHaveText(money(intent.amount - part, intent.currency));
  const after = await fromService<Intent>(request, `/v1/payment-intents/${intent.id}`);
  expect(after).toMatchObject({ amountRefunded: part, status: "succeeded" });

  const line = history(page).getByRole("listitem").filter({ hasText: "Reembolso hecho" });
  await expect(line).toContainText("Acción de operador");
  await expect(line).toContainText("por Óscar Jiménez");
  await expect(line).toContainText(money(part, intent.currency));
  await expect(line).toContainText("Cobro duplicado");
  const lines = await history(page).getByRole("listitem").allTextContents();
  expect(lines.findIndex((text) => text.startsWith("Reembolso hecho"))).toBeGreaterThan(lines.findIndex((text) => text.startsWith("Pago exitoso")));

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin", "/settings");
  await expect(admin.getByRole("row", { name: new RegExp(`e2e-operator@example\\.com.*refund\\.create.*Pago ${intent.id}`) })).toBeVisible();
  await admin.context().close();
});

test("a refund the service refuses shows its reason on the form, keeps the amount, and is audited", async ({ page, request, browser }) => {
  const intent = await paidIntent(request);
  await signIn(page, "operator", `/payments/${intent.id}`);
  const whole = toMajorInput(intent.amount, intent.currency, "es-CR");
  await fillRefund(page, whole, "Lo pidió el cliente");
  // Meanwhile someone refunds part of it elsewhere: the page's "what is left" is now stale.
  await fromService(request, "/v1/refunds", { body: { paymentIntentId: intent.id, amount: 100 } });
  await refundForm(page).getByRole("button", { name: "Confirmar reembolso" }).click();

  const alert = refundForm(page).getByRole("alert");
  await expect(alert).toContainText("El servicio de pagos rechazó el reembolso");
  await expect(alert).toContainText("El monto supera lo que queda por reembolsar.");
  await expect(refundForm(page).getByLabel("Monto a reembolsar")).toHaveValue(whole);
  await expect(refundForm(page).getByText("Supera lo que queda por reembolsar.", { exact: true })).toBeVisible();
  await expect(remaining(page)).toHaveText(money(intent.amount - 100, intent.currency));
  await expect(history(page).getByRole("listitem").filter({ hasText: "Reembolso rechazado por el servicio de pagos" })).toContainText("refunds.amount_exceeds_remaining");

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin", "/settings");
  await expect(admin.getByRole("row", { name: new RegExp(`refund\\.refused.*Pago ${intent.id}`) })).toBeVisible();
  await admin.context().close();
});

test("a viewer sees no refund button, and a forged refund call is refused", async ({ page, request, browser }) => {
  const intent = await paidIntent(request);
  // The action's id and body, as an operator's browser sends them (a refund of 1 unit).
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, "operator", `/payments/${intent.id}`);
  await fillRefund(operator, "1", "Lo pidió el cliente");
  const [call] = await Promise.all([
    operator.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    operator.getByRole("button", { name: "Confirmar reembolso" }).click(),
  ]);
  await expect(operator.getByRole("status").filter({ hasText: "Reembolso hecho" })).toBeVisible();
  await operator.context().close();
  const refunded = (await fromService<Intent>(request, `/v1/payment-intents/${intent.id}`)).amountRefunded;

  await signIn(page, "viewer", `/payments/${intent.id}`);
  await expect(page.getByRole("heading", { level: 1, name: money(intent.amount, intent.currency) })).toBeVisible();
  await expect(page.locator("header").getByText("Exitoso", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reembolsar" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Reembolsos" })).toHaveCount(0);
  // The operator's refund is in the history all the same.
  await expect(history(page).getByText("Reembolso hecho")).toBeVisible();

  const forged = await page.request.post(`/payments/${intent.id}`, {
    headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
    data: call.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  expect((await fromService<Intent>(request, `/v1/payment-intents/${intent.id}`)).amountRefunded).toBe(refunded);
});

test("a renewal's payment links to its subscription, from the renewal events or else from the service", async ({ page, request }) => {
  const created = await runScenario(request, "renewal-failed-then-recovered");
  await signIn(page, "viewer", `/payments/${created.paymentIntentId}`);
  const card = page.getByText("Renovación vinculada").locator("..");
  await expectAfterReloads(page, () => expect(card).toContainText("Cobró la renovación", { timeout: 1_000 }));
  await expect(card.getByRole("link", { name: created.subscriptionId })).toHaveAttribute("href", `/subscriptions/${created.subscriptionId}`);

  // A seeded renewal sent no event: the intent names its subscription, and the service's renewals say which one it paid.
  const seededOnly = new URLSearchParams({ status: "paid", limit: "1", "createdAt[lt]": "2026-10-01T00:00:00.000Z" });
  const { data } = await fromService<{ data: { id: string; paymentIntentId: string; subscriptionId: string }[] }>(request, `/v1/invoices?${seededOnly}`);
  const seeded = data[0]!;
  await page.goto(`/payments/${seeded.paymentIntentId}`);
  await expect(card).toContainText(seeded.id);
  await card.getByRole("link", { name: "Ver la suscripción y sus renovaciones" }).click();
  await expect(page).toHaveURL(new RegExp(`/subscriptions/${seeded.subscriptionId}$`));
});
