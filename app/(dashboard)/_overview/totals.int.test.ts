import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { overviewPeriods } from "@/lib/local-days";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { deferred, failed, renewalFailed, renewalSucceeded, succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { getDailyVolume, getIntentTotals, getRenewalFailureSummary, getUnreconciledTransfers } from "@/db/queries/overview";
import { upsertSyncedRows } from "@/db/queries/sync";
import { paymentIntentSchema } from "@/lib/payments/schemas";
import { paymentIntent } from "@/lib/payments/test-utils/fixtures";
import { intentRow } from "@/lib/sync/transforms";

// The Overview's queries over what real deliveries projected, with times on either side of Costa Rica's midnight
// (UTC-6): 23:30 local is already tomorrow in UTC, 00:30 local is 06:30 UTC.

const test = freshTestDatabase();
const send = (event: object, mode: "test" | "live" = "test") => receiveDelivery(test.db, mode, JSON.stringify(event));
const CR = "America/Costa_Rica";

/** A success in any currency and amount (the fixture's is ₡15 000,00). */
function paid(id: string, at: string, currency = "CRC", amount = 1_500_000) {
  const event = succeeded(id, at);
  return { ...event, data: { ...event.data, currency, amount } };
}

// Wednesday 18 Nov 2026, noon in Costa Rica: today is the 18th, the week began on Monday the 16th.
const now = new Date("2026-11-18T18:00:00Z");
const periods = overviewPeriods(now, CR);

describe("intent totals for today and this week", () => {
  it("puts each intent in the local day and week of its status, per currency, without mixing currencies", async () => {
    await send(paid("pi_wed_0030", "2026-11-18T06:30:00Z", "CRC", 1_500_000)); // Wed 00:30 local: today
    await send(paid("pi_tue_2330", "2026-11-18T05:30:00Z", "CRC", 2_000_000)); // Tue 23:30 local: this week, not today
    await send(paid("pi_usd_today", "2026-11-18T15:00:00Z", "USD", 4_999));
    await send(paid("pi_mon_0030", "2026-11-16T06:30:00Z", "USD", 10_000)); // Mon 00:30 local: first minutes of the week
    await send(paid("pi_sun_2330", "2026-11-16T05:30:00Z", "CRC", 9_900_000)); // Sun 23:30 local: last week
    await send(paid("pi_thu_0030", "2026-11-19T06:30:00Z", "CRC", 7_700_000)); // tomorrow (a clock ahead of ours)
    await send(paid("pi_gtq", "2026-11-17T20:00:00Z", "GTQ", 25_000));
    // Deferred on Tuesday, succeeded today: one intent, counted once, as succeeded today.
    await send(deferred("pi_sinpe", "2026-11-17T12:00:00Z"));
    await send(paid("pi_sinpe", "2026-11-18T13:00:00Z"));
    await send(deferred("pi_waiting", "2026-11-18T12:00:00Z"));
    // A failure's event has no amount; one that was deferred first keeps the amount it had.
    await send(failed("pi_declined", "2026-11-18T16:00:00Z"));
    await send(deferred("pi_def_fail", "2026-11-18T10:00:00Z"));
    await send(failed("pi_def_fail", "2026-11-18T10:05:00Z"));
    await send(paid("pi_live", "2026-11-18T15:00:00Z", "CRC", 123_400), "live");

    const rows = await getIntentTotals(test.db, { mode: "test", today: periods.today, week: periods.week });
    const find = (outcome: string, currency: string) => rows.find((r) => r.outcome === outcome && r.currency === currency);
    expect(rows).toHaveLength(5);
    expect(find("succeeded", "CRC")).toEqual({
      outcome: "succeeded", currency: "CRC",
      todayCount: 2, todayAmount: "3000000", todayUnpriced: 0,
      weekCount: 3, weekAmount: "5000000", weekUnpriced: 0,
    });
    expect(find("succeeded", "USD")).toMatchObject({ todayCount: 1, todayAmount: "4999", weekCount: 2, weekAmount: "14999" });
    expect(find("succeeded", "GTQ")).toMatchObject({ todayCount: 0, todayAmount: "0", weekCount: 1, weekAmount: "25000" });
    expect(find("deferred", "CRC")).toMatchObject({ todayCount: 1, todayAmount: "1500000", weekCount: 1 });
    expect(find("failed", "CRC")).toEqual({
      outcome: "failed", currency: "CRC",
      todayCount: 2, todayAmount: "1500000", todayUnpriced: 1,
      weekCount: 2, weekAmount: "1500000", weekUnpriced: 1,
    });

    const live = await getIntentTotals(test.db, { mode: "live", today: periods.today, week: periods.week });
    expect(live).toEqual([expect.objectContaining({ outcome: "succeeded", currency: "CRC", todayCount: 1, todayAmount: "123400" })]);
  });

  it("starts a new day at local midnight: at 00:30 on Thursday, Wednesday's payments are no longer today's", async () => {
    const thursday = overviewPeriods(new Date("2026-11-19T06:30:00Z"), CR);
    const rows = await getIntentTotals(test.db, { mode: "test", today: thursday.today, week: thursday.week });
    const crc = rows.find((r) => r.outcome === "succeeded" && r.currency === "CRC");
    // Only pi_thu_0030 (Thursday 00:30) is today's; the week now holds it too.
    expect(crc).toMatchObject({ todayCount: 1, todayAmount: "7700000", weekCount: 4, weekAmount: "12700000" });
  });
});

describe("daily volume", () => {
  it("sums succeeded intents per local day and currency over 30 days", async () => {
    const rows = await getDailyVolume(test.db, { mode: "test", days: periods.days });
    expect(rows).toEqual([
      { day: "2026-11-15", currency: "CRC", count: 1, amount: "9900000" },
      { day: "2026-11-16", currency: "USD", count: 1, amount: "10000" },
      { day: "2026-11-17", currency: "CRC", count: 1, amount: "2000000" },
      { day: "2026-11-17", currency: "GTQ", count: 1, amount: "25000" },
      { day: "2026-11-18", currency: "CRC", count: 2, amount: "3000000" },
      { day: "2026-11-18", currency: "USD", count: 1, amount: "4999" },
    ]);
    expect(await getDailyVolume(test.db, { mode: "live", days: periods.days })).toEqual([{ day: "2026-11-18", currency: "CRC", count: 1, amount: "123400" }]);
    // The first chart day is 20 Oct in this window: a payment at 23:30 local the evening before stays out.
    await send(paid("pi_before_chart", "2026-10-20T05:30:00Z", "CRC", 100));
    await send(paid("pi_chart_start", "2026-10-20T06:30:00Z", "CRC", 200));
    const again = await getDailyVolume(test.db, { mode: "test", days: periods.days });
    expect(again[0]).toEqual({ day: "2026-10-20", currency: "CRC", count: 1, amount: "200" });
  });
});

describe("unreconciled transfers", () => {
  it("counts received transfers that no intent is linked to, per currency, and tells none-received from all-linked", async () => {
    expect(await getUnreconciledTransfers(test.db, { mode: "live" })).toEqual({ byCurrency: [], anyReceived: false });
    await send(transfer("2026111800000000000000001", 1_000_000));
    await send(transfer("2026111800000000000000002", 2_500_000));
    const usd = transfer("2026111800000000000000003", 2_000);
    await send({ ...usd, data: { ...usd.data, currency: "USD", authorizationDate: "2026-11-17T09:00:00.000Z" } });
    await send(transfer("2026111800000000000000004", 9_000_000));
    await send(transfer("2026111800000000000000005", 7_000_000));
    await send(transfer("2026111800000000000000006", 5_000_000), "live");
    await test.db.execute(sql`update mobile_transfers set payment_intent_id = 'pi_paid' where sinpe_ref_number = '2026111800000000000000004'`);
    // Known only from a sync, and expired: not money waiting to be matched.
    await test.db.execute(sql`update mobile_transfers set status = 'expired' where sinpe_ref_number = '2026111800000000000000005'`);

    const { byCurrency, anyReceived } = await getUnreconciledTransfers(test.db, { mode: "test" });
    expect(anyReceived).toBe(true);
    expect(byCurrency).toEqual([
      { currency: "CRC", count: 2, amount: "3500000", oldest: new Date("2026-11-21T15:14:58.000Z") },
      { currency: "USD", count: 1, amount: "2000", oldest: new Date("2026-11-17T09:00:00.000Z") },
    ]);

    await test.db.execute(sql`update mobile_transfers set payment_intent_id = 'pi_x' where mode = 'live'`);
    expect(await getUnreconciledTransfers(test.db, { mode: "live" })).toEqual({ byCurrency: [], anyReceived: true });
  });
});

describe("failed renewals", () => {
  it("splits unresolved failures into retrying and exhausted, leaving recovered ones out", async () => {
    expect(await getRenewalFailureSummary(test.db, { mode: "test" })).toEqual({ retrying: 0, exhausted: 0, nextAttempt: null });
    await send(renewalFailed("sub_retrying", 1));
    await send(renewalFailed("sub_retrying_2", 2));
    await send(renewalFailed("sub_gave_up", 4, "uncollectible"));
    await send(renewalFailed("sub_void", 2, "void"));
    await send(renewalFailed("sub_recovered", 1));
    await send(renewalSucceeded("sub_recovered"));
    // A success after the renewal was declared uncollectible does not recover it: it stays exhausted.
    await send(renewalFailed("sub_late", 4, "uncollectible"));
    await send(renewalSucceeded("sub_late"));
    await send(renewalFailed("sub_live", 1), "live");
    await test.db.execute(sql`update renewal_failures set next_payment_attempt = '2026-11-02T00:00:00Z' where subscription_id = 'sub_retrying_2'`);

    expect(await getRenewalFailureSummary(test.db, { mode: "test" })).toEqual({
      retrying: 2,
      exhausted: 3,
      nextAttempt: new Date("2026-11-02T00:00:00Z"),
    });
    expect(await getRenewalFailureSummary(test.db, { mode: "live" })).toMatchObject({ retrying: 1, exhausted: 0 });
  });
});

describe("failed intents", () => {
  // A week of its own (Monday 7 Dec 2026 onwards), so that the deliveries above stay out of it.
  const december = overviewPeriods(new Date("2026-12-09T18:00:00Z"), CR);
  const declined = { code: "card_declined", type: "card_error", message: "Fondos insuficientes", reason: "insufficient_funds", declineCode: "51" };
  const copy = (id: string, status: string, extra: object = {}) =>
    intentRow(paymentIntentSchema.parse({ ...paymentIntent, id, status, amount: 100_000, createdAt: "2026-12-09T15:00:00.000Z", ...extra }), "test", new Date().toISOString());

  it("are those whose last attempt failed, not every intent the sync copies before it is paid", async () => {
    await upsertSyncedRows(test.db, "payments", [
      // Copied by the sync as they are upstream: never attempted, or an attempt waiting for the customer.
      copy("pi_new_confirm", "requires_confirmation", { confirmationAttempts: 0 }),
      copy("pi_new_method", "requires_payment_method", { confirmationAttempts: 0 }),
      copy("pi_3ds", "requires_action", { confirmationAttempts: 1 }),
      copy("pi_3ds_after_decline", "requires_action", { confirmationAttempts: 2, lastPaymentError: declined }),
      // Declined, as the record's lastPaymentError says: waiting for another card, or for a confirmation again.
      copy("pi_declined", "requires_payment_method", { confirmationAttempts: 1, lastPaymentError: declined }),
      copy("pi_declined_new_card", "requires_confirmation", { confirmationAttempts: 1, lastPaymentError: declined }),
      // Got past the decline: paid, or given up on.
      copy("pi_paid_after_decline", "succeeded", { confirmationAttempts: 2, lastPaymentError: declined }),
      copy("pi_canceled_after_decline", "canceled", { confirmationAttempts: 1, lastPaymentError: declined }),
    ]);
    // And one declined as its webhook told it (the failure event carries no amount).
    await send(failed("pi_declined_event", "2026-12-09T16:00:00Z"));

    const rows = await getIntentTotals(test.db, { mode: "test", today: december.today, week: december.week });
    expect(rows.find((r) => r.outcome === "failed")).toEqual({
      outcome: "failed", currency: "CRC",
      todayCount: 3, todayAmount: "200000", todayUnpriced: 1,
      weekCount: 3, weekAmount: "200000", weekUnpriced: 1,
    });
    expect(rows.find((r) => r.outcome === "succeeded")).toMatchObject({ todayCount: 1, todayAmount: "100000" });
    expect(rows).toHaveLength(2);
  });
});
