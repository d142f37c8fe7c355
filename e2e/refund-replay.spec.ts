import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { toMajorInput } from "../lib/format/parse-money";
import { signIn } from "./helpers";
import { fromService, runScenario } from "./sandbox";

// A refund request sent twice — replayed by hand, re-sent by the browser, or clicked twice — makes one refund: the
// form's one-time key is recorded before the service is called, and the second request gets the first one's result.

type Intent = { id: string; amount: number; currency: string; amountRefunded: number };

async function paidIntent(request: APIRequestContext): Promise<Intent> {
  const { paymentIntentId } = await runScenario(request, "payment-succeeded");
  return fromService<Intent>(request, `/v1/payment-intents/${paymentIntentId}`);
}

const money = (amount: number, currency: string) => formatMoney(amount, currency, "es-CR");
const refundForm = (page: Page) => page.getByRole("form", { name: "Reembolso de este pago" });
const history = (page: Page) => page.getByRole("region", { name: "Historial" });
const refundedNow = async (request: APIRequestContext, id: string) => (await fromService<Intent>(request, `/v1/payment-intents/${id}`)).amountRefunded;
const isRefundCall = (id: string) => (r: Request) => r.method() === "POST" && !!r.headers()["next-action"] && new URL(r.url()).pathname === `/payments/${id}`;

async function reviewRefund(page: Page, open: string, amount: string) {
  await page.getByRole("button", { name: open, exact: true }).click();
  await refundForm(page).getByLabel("Monto a reembolsar").fill(amount);
  await refundForm(page).getByLabel("Motivo").selectOption({ label: "Cobro duplicado" });
  await refundForm(page).getByRole("button", { name: "Revisar el reembolso" }).click();
}

test("a replayed refund request is refused as already submitted, shows the first refund, and refunds once", async ({ page, request }) => {
  const intent = await paidIntent(request);
  const part = Math.floor(intent.amount / 4);
  await signIn(page, "operator", `/payments/${intent.id}`);
  await reviewRefund(page, "Reembolsar", toMajorInput(part, intent.currency, "es-CR"));
  const [call] = await Promise.all([page.waitForRequest(isRefundCall(intent.id)), page.getByRole("button", { name: "Confirmar reembolso" }).click()]);
  const done = page.getByRole("status").filter({ hasText: "Reembolso hecho" });
  await expect(done).toContainText(money(part, intent.currency));
  const reference = (await done.locator(".font-mono").textContent())!.trim();
  expect(await refundedNow(request, intent.id)).toBe(part);

  // The captured request, sent again as it was (same session, same body): answered, but no second refund.
  const replay = await page.request.post(call.url(), {
    headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
    data: call.postData() ?? "",
  });
  expect(replay.status()).toBe(200);
  expect(await refundedNow(request, intent.id)).toBe(part);
  const answer = await replay.text();
  expect(answer).toContain('"already_submitted"');
  expect(answer).toContain(reference);

  // The browser re-sends the first body (a retry after a lost answer does this): the form says so, with the first result.
  await reviewRefund(page, "Reembolsar otra parte", toMajorInput(part, intent.currency, "es-CR"));
  await page.route(`**/payments/${intent.id}`, (route) =>
    isRefundCall(intent.id)(route.request()) ? route.continue({ postData: call.postData() ?? "" }) : route.fallback(),
  );
  await page.getByRole("button", { name: "Confirmar reembolso" }).click();
  const already = page.getByRole("alert").filter({ hasText: "Este reembolso ya se había enviado" });
  await expect(already).toContainText(money(part, intent.currency));
  await expect(already).toContainText(reference);
  await page.unroute(`**/payments/${intent.id}`);

  expect(await refundedNow(request, intent.id)).toBe(part);
  await page.reload();
  await expect(page.getByTestId("refund-remaining")).toHaveText(money(intent.amount - part, intent.currency));
  // One history line for the one refund: the replays left no audit row.
  await expect(history(page).getByRole("listitem").filter({ hasText: "Reembolso hecho" })).toHaveCount(1);
  await expect(history(page).getByRole("listitem").filter({ hasText: /^Reembolso/ })).toHaveCount(1);
});

test("two clicks on confirm in the same instant send one refund", async ({ page, request }) => {
  const intent = await paidIntent(request);
  const part = Math.floor(intent.amount / 4);
  await signIn(page, "operator", `/payments/${intent.id}`);
  await reviewRefund(page, "Reembolsar", toMajorInput(part, intent.currency, "es-CR"));
  const calls: Request[] = [];
  page.on("request", (r) => void (isRefundCall(intent.id)(r) && calls.push(r)));
  // Both clicks land before React re-renders the button as disabled: only the form's own guard can stop the second.
  await page.getByRole("button", { name: "Confirmar reembolso" }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole("status").filter({ hasText: "Reembolso hecho" })).toContainText(money(part, intent.currency));
  await page.waitForTimeout(500);
  expect(calls).toHaveLength(1);
  expect(await refundedNow(request, intent.id)).toBe(part);
});
