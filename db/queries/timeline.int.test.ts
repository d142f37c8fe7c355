import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { deferred, failed, renewalFailed, succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { subscriptionRow } from "@/lib/sync/transforms";
import { insertAudit } from "./audit";
import { upsertSyncedRows } from "./sync";
import { getHistory, getTimeline } from "./timeline";

const test = freshTestDatabase();
const send = (event: object, mode: "test" | "live" = "test") => receiveDelivery(test.db, mode, JSON.stringify(event));

describe("getTimeline", () => {
  it("lists an intent's events in the order they happened, whatever the order they arrived in", async () => {
    await send(succeeded("pi_t", "2026-11-21T15:09:00.000Z"));
    await send(failed("pi_t", "2026-11-21T15:05:00.000Z"));
    await send(deferred("pi_t", "2026-11-21T15:00:00.000Z"));
    await send(succeeded("pi_t", "2026-11-21T15:09:00.000Z")); // a re-delivery: counted, not listed twice
    const timeline = await getTimeline(test.db, { mode: "test", type: "payment_intent", id: "pi_t" });
    expect(timeline.map((e) => e.type)).toEqual(["payment-intent.deferred", "payment-intent.failed", "payment-intent.succeeded"]);
    expect(timeline[1]).toMatchObject({ errorCode: "declined", errorMessage: "Fondos insuficientes", eventStatus: "requires_payment_method" });
    expect(timeline[2]).toMatchObject({ amount: "1500000", currency: "CRC", duplicateCount: 1, counterparty: "Ana Mora Vargas" });
  });

  it("finds a customer's events across intents, and keeps modes apart", async () => {
    await send(succeeded("pi_c1"));
    await send(succeeded("pi_c2"), "live");
    const test_ = await getTimeline(test.db, { mode: "test", type: "customer", id: "cus_ana" });
    const live = await getTimeline(test.db, { mode: "live", type: "customer", id: "cus_ana" });
    expect(test_.some((e) => e.subject === "pi_c1")).toBe(true);
    expect(test_.some((e) => e.subject === "pi_c2")).toBe(false);
    expect(live.map((e) => e.subject)).toEqual(["pi_c2"]);
  });

  it("files a SINPE transfer under its reference", async () => {
    await send(transfer("2026112100000000000000777"));
    const timeline = await getTimeline(test.db, { mode: "test", type: "transfer", id: "2026112100000000000000777" });
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ type: "mobile-transfer.received", counterparty: "Ana Mora Vargas" });
  });

  it("summarises each event by the fields its type declares: a renewal's attempt and whether another will come", async () => {
    await send(renewalFailed("sub_sum", 2));
    await send(renewalFailed("sub_sum", 4, "uncollectible"));
    await send(succeeded("pi_renewal_2"));
    const timeline = await getTimeline(test.db, { mode: "test", type: "subscription", id: "sub_sum" });
    expect(timeline.map(({ attemptCount, nextAttempt, retries, eventStatus, subject }) => ({ attemptCount, nextAttempt, retries, eventStatus, subject }))).toEqual([
      { attemptCount: "2", nextAttempt: "2026-11-04T00:00:00.000Z", retries: true, eventStatus: "open", subject: "sub_sum" },
      { attemptCount: "4", nextAttempt: null, retries: true, eventStatus: "uncollectible", subject: "sub_sum" },
    ]);
    // The renewal's intent then succeeded: that line has no attempt and says nothing of retries.
    const [attempt, paid] = await getTimeline(test.db, { mode: "test", type: "payment_intent", id: "pi_renewal_2" });
    expect(attempt).toMatchObject({ type: "subscription.renewal.failed", retries: true });
    expect(paid).toMatchObject({ type: "payment-intent.succeeded", retries: false, attemptCount: null, amount: "1500000" });
  });
});

describe("getHistory of a customer", () => {
  it("holds what operators did to the customer's payments and subscriptions, each naming what it was about, and no one else's", async () => {
    await send(succeeded("pi_hist_ana")); // a payment of cus_ana
    await upsertSyncedRows(test.db, "subscriptions", [
      subscriptionRow({ id: "sub_hist_ana", status: "past_due", customerId: "cus_ana", createdAt: "2026-11-01T00:00:00.000Z" } as never, "test", "2026-11-21T00:00:00.000Z"),
      subscriptionRow({ id: "sub_hist_other", status: "active", customerId: "cus_other", createdAt: "2026-11-01T00:00:00.000Z" } as never, "test", "2026-11-21T00:00:00.000Z"),
    ]);
    const audit = (action: string, subjectType: string, subjectId: string, after: object) =>
      insertAudit(test.db, { operatorId: null, actor: "ana@example.cr", action, subjectType, subjectId, mode: "test", before: null, after });
    await audit("refund.create", "payment_intent", "pi_hist_ana", { amount: 50_000, currency: "CRC", refundId: "re_1" });
    await audit("renewal.follow_up.contact", "subscription", "sub_hist_ana", { contact: "called", note: "Pagará el viernes" });
    await audit("renewal.follow_up.contact", "subscription", "sub_hist_other", { contact: "called", note: "otro cliente" });
    const history = await getHistory(test.db, { mode: "test", type: "customer", id: "cus_ana" });
    const actions = history.filter((entry) => entry.kind === "operator");
    expect(actions.map((a) => [a.action, a.subjectType, a.subjectId])).toEqual([
      ["refund.create", "payment_intent", "pi_hist_ana"],
      ["renewal.follow_up.contact", "subscription", "sub_hist_ana"],
    ]);
    // The payment's own page is unchanged: its refund, not the subscription's follow-up.
    const payment = await getHistory(test.db, { mode: "test", type: "payment_intent", id: "pi_hist_ana" });
    expect(payment.filter((entry) => entry.kind === "operator").map((a) => a.action)).toEqual(["refund.create"]);
  });
});
