import { afterEach, describe, expect, it } from "vitest";
import { createPaymentClient, type PaymentClient } from "./client";
import { createConnectedAccount, createOnboardingLink, getConnectedAccount, listConnectedAccounts, setWeeklyFee } from "./connected-accounts";
import { getCustomer, listCustomers } from "./customers";
import { listMobileTransfers } from "./mobile-transfers";
import { listPaymentIntents } from "./payment-intents";
import { createRefund } from "./refunds";
import { listRenewals } from "./renewals";
import { connectedAccount, customer, listMeta, mobileTransfer, ONBOARDING_URL, paymentIntent } from "./test-utils/fixtures";
import { sendJson, startLocalServer, type LocalServer } from "./test-utils/local-server";

// The area modules against a real local server: which path and query go out, what comes back as a Page, and that
// bad input is refused before anything is sent.

const renewal = { id: "inv_01", status: "paid", currency: "USD", total: 1500, periodStart: "2026-11-01T00:00:00Z", periodEnd: "2026-12-01T00:00:00Z", subscriptionId: "sub_01", paymentIntentId: "pi_04", createdAt: "2026-11-01T00:00:00Z" };

const routes: Record<string, unknown> = {
  "GET /v1/customers": { data: [customer], meta: listMeta },
  "GET /v1/customers/cus%2F01": customer,
  "GET /v1/payment-intents/account": { data: [paymentIntent], meta: listMeta, metadataKeys: ["orderId"] },
  "GET /v1/invoices": { data: [renewal], meta: { total: 1, pages: 1, limit: 10, startingAfter: "inv_01", endingBefore: null } },
  "GET /v1/mobile-transfers/list": { data: [mobileTransfer], meta: { total: 30, hasMore: true } },
  "POST /v1/refunds": { id: "re_01", paymentIntentId: "pi_01", amount: 500, createdAt: "2026-11-21T00:00:00Z" },
  "GET /v1/connected-accounts": { data: [{ ...connectedAccount, onboardingUrl: ONBOARDING_URL }], meta: listMeta },
  "GET /v1/connected-accounts/ca_01": { ...connectedAccount, onboardingUrl: ONBOARDING_URL },
  "POST /v1/connected-accounts": { ...connectedAccount, onboardingUrl: ONBOARDING_URL },
  "POST /v1/connected-accounts/ca_01/onboarding-link": { id: "ca_01", onboardingUrl: ONBOARDING_URL },
  "POST /v1/connected-accounts/ca_01/weekly-fees": { id: "ca_01", marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 5000, marketplaceWeeklyFeeCurrency: "CRC" },
};

let server: LocalServer;
let client: PaymentClient;

async function start() {
  server = await startLocalServer((req, res) => {
    const body = routes[`${req.method} ${req.url.split("?")[0]}`];
    if (body) sendJson(res, req.method === "POST" ? 201 : 200, body);
    else sendJson(res, 404, { statusCode: 404, message: "Not found", error: "Not Found" });
  });
  client = createPaymentClient({ baseUrl: server.url, secretKey: "svc_test_secret_key_x", logger: () => {} });
}
afterEach(() => server?.close());

const sent = () => server.requests.map((r) => `${r.method} ${decodeURIComponent(r.url)}`);
const refusedBeforeSending = async (promise: Promise<unknown>) => {
  await expect(promise).rejects.toMatchObject({ kind: "invalid_input", status: null });
  expect(server.requests).toHaveLength(0);
};

describe("area modules", () => {
  it("lists customers as a Page and reads one by an encoded id", async () => {
    await start();
    const page = await listCustomers(client, { limit: 500, startingAfter: "cus_00" });
    expect(page).toMatchObject({ next: "cus_10", prev: "cus_01", total: 42 });
    expect(page.items[0]?.id).toBe("cus_01");
    expect((await getCustomer(client, "cus/01")).id).toBe("cus_01");
    expect(sent()).toEqual(["GET /v1/customers?limit=100&startingAfter=cus_00", "GET /v1/customers/cus/01"]);
  });

  it("refuses both cursors and a path-changing id without calling the service", async () => {
    await start();
    await refusedBeforeSending(listCustomers(client, { startingAfter: "a", endingBefore: "b" }));
    await refusedBeforeSending(getCustomer(client, ".."));
  });

  it("lists payment intents from /account with metadata keys when asked", async () => {
    await start();
    const page = await listPaymentIntents(client, { includeMetadataKeys: true, createdAt: { gte: "2026-11-01T00:00:00Z" } });
    expect(page.metadataKeys).toEqual(["orderId"]);
    expect(sent()).toEqual(["GET /v1/payment-intents/account?limit=10&createdAt[gte]=2026-11-01T00:00:00.000Z&includeMetadataKeys=true"]);
  });

  it("lists renewals from /v1/invoices with filters, reading the renewal meta's cursors", async () => {
    await start();
    const page = await listRenewals(client, { subscriptionId: "sub_01", status: "paid", customerId: "" });
    expect(page).toMatchObject({ next: "inv_01", total: 1 });
    expect(page).not.toHaveProperty("prev");
    expect(sent()).toEqual(["GET /v1/invoices?limit=10&subscriptionId=sub_01&status=paid"]);
    // @ts-expect-error -- a status the spec does not list, as a URL could carry it
    await expect(listRenewals(client, { status: "settled" })).rejects.toMatchObject({ kind: "invalid_input" });
    expect(server.requests).toHaveLength(1);
  });

  it("lists mobile transfers with filters, paging from hasMore", async () => {
    await start();
    const page = await listMobileTransfers(client, { status: "received", SINPERefNumber: mobileTransfer.SINPERefNumber, originId: "01-2345-6789" });
    expect(page).toMatchObject({ next: "mt_01", total: 30, hasMore: true });
    expect(sent()).toEqual([`GET /v1/mobile-transfers/list?limit=10&status=received&SINPERefNumber=${mobileTransfer.SINPERefNumber}&originId=01-2345-6789`]);
  });

  it("refuses a SINPE reference of the wrong length before sending", async () => {
    await start();
    await refusedBeforeSending(listMobileTransfers(client, { SINPERefNumber: "12345" }));
  });

  it("creates a refund with the checked body, and refuses a zero amount", async () => {
    await start();
    await refusedBeforeSending(createRefund(client, { paymentIntentId: "pi_01", amount: 0 }));
    const refund = await createRefund(client, { paymentIntentId: "pi_01", amount: 500, reason: "requested_by_customer" });
    expect(refund.id).toBe("re_01");
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ paymentIntentId: "pi_01", amount: 500, reason: "requested_by_customer" });
  });

  it("creates a connected account and hands back its onboarding link, but lists and reads never carry it", async () => {
    await start();
    await refusedBeforeSending(createConnectedAccount(client, { businessName: "x".repeat(51) }));
    const created = await createConnectedAccount(client, { businessName: " Soda La Esquina ", marketplaceAppFee: 7.5 });
    expect(created.onboardingUrl).toBe(ONBOARDING_URL);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ businessName: "Soda La Esquina", marketplaceAppFee: 7.5 });
    const listed = await listConnectedAccounts(client);
    const read = await getConnectedAccount(client, "ca_01");
    expect(JSON.stringify([listed, read])).not.toContain(ONBOARDING_URL);
  });

  it("creates an onboarding link and sets the weekly fee, refusing an enabled fee without an amount", async () => {
    await start();
    await refusedBeforeSending(setWeeklyFee(client, "ca_01", { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: "CRC" }));
    expect((await createOnboardingLink(client, "ca_01")).onboardingUrl).toBe(ONBOARDING_URL);
    const fee = await setWeeklyFee(client, "ca_01", { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 5000, marketplaceWeeklyFeeCurrency: "CRC" });
    expect(fee.marketplaceWeeklyFeeAmount).toBe(5000);
    expect(sent()).toEqual(["POST /v1/connected-accounts/ca_01/onboarding-link", "POST /v1/connected-accounts/ca_01/weekly-fees"]);
  });
});
