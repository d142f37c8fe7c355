import { describe, expect, it } from "vitest";
import { connectedAccount, customer, listMeta, mobileTransfer, paymentIntent } from "@/lib/payments/test-utils/fixtures";
import { later, parseSyncPage } from "./page";
import { RESOURCES } from "./resources";
import { accountRow, customerRow, intentRow, renewalRank, transferRank, transferRow } from "./transforms";

// The spec's samples (lib/payments/test-utils/fixtures.ts) through the sync's pure transforms.

const now = "2026-11-22T00:00:00.000Z";

describe("record → local row", () => {
  it("keeps an intent's money, owner and status rank, dated by the service's own times", () => {
    expect(intentRow(paymentIntent as never, "test", now)).toMatchObject({
      id: "pi_01",
      status: "succeeded",
      statusRank: 10,
      amount: 250000,
      currency: "CRC",
      customerId: "cus_01",
      createdAt: "2026-11-21T10:00:00.000Z",
      lastEventAt: "2026-11-21T10:00:00.000Z",
      syncedAt: now,
    });
  });

  it("dates a partly refunded intent's success by its creation: its updatedAt is the refund's time", () => {
    const paid = { ...paymentIntent, createdAt: "2026-11-10T15:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z" };
    expect(intentRow({ ...paid, amountRefunded: 50_000 } as never, "test", now).lastEventAt).toBe("2026-11-10T15:00:00.000Z");
    expect(intentRow({ ...paid, amountRefunded: 0 } as never, "test", now).lastEventAt).toBe("2026-11-21T10:00:00.000Z");
    // Refunded in full, the status is the refund's own: its time is the record's updatedAt.
    expect(intentRow({ ...paid, status: "refunded", amountRefunded: 250_000 } as never, "test", now).lastEventAt).toBe("2026-11-21T10:00:00.000Z");
  });

  it("keeps an intent's last payment error (its reason and decline code) and the method it charged; a wrong shape, none", () => {
    const declined = { ...paymentIntent, status: "requires_payment_method", paymentMethodId: "pm_01",
      lastPaymentError: { code: "declined", type: "card_error", message: "Rechazada por reglas de riesgo", reason: "gateway_declined", declineCode: "risk_threshold" } };
    expect(intentRow(declined as never, "test", now)).toMatchObject({
      lastError: { code: "declined", type: "card_error", message: "Rechazada por reglas de riesgo", reason: "gateway_declined", declineCode: "risk_threshold" },
      paymentMethodId: "pm_01",
    });
    expect(intentRow({ ...paymentIntent, lastPaymentError: "boom" } as never, "test", now).lastError).toBeNull();
    expect(intentRow({ ...paymentIntent, lastPaymentError: { code: "", reason: null } } as never, "test", now).lastError).toBeNull();
    expect(intentRow(paymentIntent as never, "test", now)).toMatchObject({ lastError: null, paymentMethodId: null });
  });

  it("keys a transfer by its SINPE reference, keeps the service's link, dates it by the authorization", () => {
    const row = transferRow({ ...mobileTransfer, paymentIntentId: "pi_01" } as never, "test", now);
    expect(row).toMatchObject({
      sinpeRefNumber: "2026112115150001234567890",
      serviceId: "mt_01",
      paymentIntentId: "pi_01",
      source: "sync",
      receivedAt: "2026-11-21T15:15:00.000Z",
    });
  });

  it("copies customers and connected accounts", () => {
    expect(customerRow(customer as never, "test", now)).toMatchObject({ id: "cus_01", amountSpent: 125000, transactionsCount: 4 });
    expect(accountRow(connectedAccount as never, "test", now)).toMatchObject({ id: "ca_01", status: "pending_onboarding", marketplaceAppFee: 5 });
  });

  it("ranks statuses so that they only move forward", () => {
    expect(renewalRank("paid")).toBeGreaterThan(renewalRank("open"));
    expect(renewalRank("open")).toBeGreaterThan(renewalRank("draft"));
    expect(transferRank("received")).toBeGreaterThan(transferRank("pending"));
  });
});

describe("a list page", () => {
  it("sets aside a record that fails its schema, with the raw record, and keeps the others", () => {
    const bad = { ...mobileTransfer, id: "mt_02", SINPERefNumber: "2026112115150001234567891", status: "teleported" };
    const page = parseSyncPage(RESOURCES.transfers, { data: [mobileTransfer, bad], meta: { total: 2, hasMore: true } } as never, "test", new Date(now));
    expect(page.rows.map((r) => r.sinpeRefNumber)).toEqual(["2026112115150001234567890"]);
    expect(page.problems).toEqual([{ recordKey: "mt_02", error: expect.stringMatching(/^status: /), raw: bad }]);
    // Transfers page by the last record's id (even a bad one) while hasMore says more follow.
    expect(page.next).toBe("mt_02");
  });

  it("follows each envelope's cursor and reports the newest createdAt", () => {
    const intents = parseSyncPage(RESOURCES.payments, { data: [paymentIntent, { ...paymentIntent, id: "pi_00", createdAt: "2026-11-20T10:00:00.000Z" }], meta: listMeta } as never, "test", new Date(now));
    expect(intents).toMatchObject({ next: "cus_10", total: 42, newestCreatedAt: "2026-11-21T10:00:00.000Z", count: 2 });
    const renewals = parseSyncPage(RESOURCES.renewals, { data: [], meta: { total: 0, pages: 0, limit: 100, startingAfter: null, endingBefore: null } } as never, "test", new Date(now));
    expect(renewals.next).toBeUndefined();
    const last = parseSyncPage(RESOURCES.transfers, { data: [mobileTransfer], meta: { total: 1, hasMore: false } } as never, "test", new Date(now));
    expect(last.next).toBeUndefined();
  });

  it("finds the newest createdAt whatever the records' order, offsets and fractions", () => {
    const at = (createdAt: string, id: string) => ({ ...paymentIntent, id, createdAt });
    const page = (...times: string[]) =>
      parseSyncPage(RESOURCES.payments, { data: times.map((time, index) => at(time, `pi_${index}`)), meta: listMeta } as never, "test", new Date(now)).newestCreatedAt;
    expect(page("2026-11-20T10:00:00.000Z", "2026-11-21T09:59:59.999Z", "2026-11-21T09:00:00.000Z")).toBe("2026-11-21T09:59:59.999Z");
    // 10:30 at +06:00 is 04:30 UTC: earlier than 05:00Z, though later as text.
    expect(page("2026-11-21T05:00:00.000Z", "2026-11-21T10:30:00.000+06:00")).toBe("2026-11-21T05:00:00.000Z");
    expect(page("2026-11-21T05:00:00.000Z", "2026-11-21T10:30:00.000-06:00")).toBe("2026-11-21T10:30:00.000-06:00");
    // Another fraction's length: compared as times, not text.
    expect(page("2026-11-21T05:00:00.5Z", "2026-11-21T05:00:00.400Z")).toBe("2026-11-21T05:00:00.5Z");
    expect(later("2026-11-21T05:00:01Z", "2026-11-21T05:00:00.999Z")).toBe(true);
    expect(later("2026-11-21T05:00:00.000Z", "2026-11-21T05:00:00.000Z")).toBe(false);
  });
});
