import { describe, expect, it } from "vitest";
import { MERCHANT_PHONE, type ModeData, type SandboxMobileTransfer, type SandboxPaymentIntent } from "@/sandbox/model";
import { MODES, normalisePhone, seedAt } from "./test-data";

const ORIGIN_ID_FORMATS = {
  physical: /^0\d-\d{4}-\d{4}$/,
  dimex: /^1\d{11}$/,
  legalEntity: /^[23]-\d{3}-\d{6}$/,
  nite: /^4-000-\d{6}$/,
  didi: /^5\d{11}$/,
  passport: /^9\d{11}$/,
} as const;

const matchKey = (amount: number, currency: string, phone: string) => `${amount} ${currency} ${normalisePhone(phone)}`;

/** Open intents by what an unlinked transfer could be matched on: amount, currency and the customer's phone. */
function openIntentsByKey(data: ModeData): Map<string, SandboxPaymentIntent[]> {
  const byKey = new Map<string, SandboxPaymentIntent[]>();
  for (const intent of data.paymentIntents) {
    if (intent.status !== "requires_payment_method" || !intent.customer?.phone) continue;
    const key = matchKey(intent.amount, intent.currency, intent.customer.phone);
    byKey.set(key, [...(byKey.get(key) ?? []), intent]);
  }
  return byKey;
}

describe.each(MODES)("%s mobile transfers", (mode) => {
  const data = seedAt(1)[mode];
  const intents = new Map(data.paymentIntents.map((intent) => [intent.id, intent]));
  const customers = new Map(data.customers.map((customer) => [customer.id, customer]));
  const linked = data.mobileTransfers.filter((transfer) => transfer.paymentIntentId !== null);
  const unlinked = data.mobileTransfers.filter((transfer) => transfer.paymentIntentId === null);
  const openByKey = openIntentsByKey(data);
  const candidates = (transfer: SandboxMobileTransfer) =>
    openByKey.get(matchKey(transfer.amount, transfer.currency, transfer.originPhone)) ?? [];

  it("links most transfers to a succeeded SINPE intent of the same mode, amount and customer", () => {
    expect(linked.length / data.mobileTransfers.length).toBeGreaterThan(0.8);
    for (const transfer of linked) {
      const intent = intents.get(transfer.paymentIntentId ?? "");
      expect(intent).toMatchObject({ mode, status: "succeeded", paymentMethodType: "mobile_transfer", amount: transfer.amount, currency: transfer.currency });
      const customer = customers.get(intent?.customerId ?? "");
      expect(transfer.originName).toBe(customer?.name);
      expect(normalisePhone(transfer.originPhone)).toBe(customer?.phone);
      expect(transfer.createdAt > (intent?.createdAt ?? "")).toBe(true);
    }
  });

  it("leaves about 10% unlinked that match an open intent by amount, currency and normalised phone", () => {
    const matching = unlinked.filter((transfer) => candidates(transfer).length > 0);
    expect(matching.length / data.mobileTransfers.length).toBeGreaterThan(0.08);
    expect(matching.length / data.mobileTransfers.length).toBeLessThan(0.12);
    for (const transfer of matching) {
      // A customer's failed card renewal can share the amount (the gym fee): a realistic ambiguity, but the intent the
      // transfer was meant for is a SINPE one.
      const intent = candidates(transfer).find((candidate) => candidate.paymentMethodType === "mobile_transfer");
      expect(intent).toBeDefined();
      expect(transfer.originName).toBe(intent?.customer?.name);
      // The money arrived after the intent was created, so a rule can prefer the latest open intent before it.
      expect(transfer.createdAt > (intent?.createdAt ?? "")).toBe(true);
    }
  });

  it("has a few strays that no open intent explains", () => {
    const strays = unlinked.filter((transfer) => candidates(transfer).length === 0);
    expect(strays.length / data.mobileTransfers.length).toBeGreaterThan(0.015);
    expect(strays.length / data.mobileTransfers.length).toBeLessThan(0.05);
    const customerPhones = new Set(data.customers.map((customer) => customer.phone));
    for (const stray of strays) expect(customerPhones.has(normalisePhone(stray.originPhone))).toBe(false);
  });

  it("sends the sender's phone in local form, with and without the dash, to the merchant's number", () => {
    const forms = new Set(data.mobileTransfers.map((transfer) => (transfer.originPhone.includes("-") ? "dash" : "plain")));
    expect(forms).toEqual(new Set(["dash", "plain"]));
    for (const transfer of data.mobileTransfers) {
      expect(transfer.originPhone).toMatch(/^[678]\d{3}-?\d{4}$/);
      expect(transfer.destinationPhone).toBe(MERCHANT_PHONE);
    }
  });

  it("gives every transfer a unique 25-character SINPE reference starting with its authorization date", () => {
    const references = data.mobileTransfers.map((transfer) => transfer.SINPERefNumber);
    expect(new Set(references).size).toBe(references.length);
    for (const transfer of data.mobileTransfers) {
      expect(transfer.SINPERefNumber).toMatch(/^20\d{23}$/);
      const authorized = Date.parse(transfer.authorizationDate);
      const createdMs = Date.parse(transfer.createdAt);
      expect(createdMs - authorized).toBeGreaterThanOrEqual(2_000);
      expect(createdMs - authorized).toBeLessThanOrEqual(15_000);
    }
  });

  it("carries every sender id format the spec lists, and no other", () => {
    const formats = Object.entries(ORIGIN_ID_FORMATS);
    const seen = new Set<string>();
    for (const { originId } of data.mobileTransfers) {
      const format = formats.find(([, pattern]) => pattern.test(originId));
      expect(format, originId).toBeDefined();
      if (format) seen.add(format[0]);
    }
    expect(seen).toEqual(new Set(Object.keys(ORIGIN_ID_FORMATS)));
  });

  it("keeps SINPE amounts in whole colones", () => {
    for (const transfer of data.mobileTransfers) {
      expect(transfer.currency).toBe("CRC");
      expect(transfer.amount % 100).toBe(0);
    }
  });
});
