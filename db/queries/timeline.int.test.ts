import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { deferred, failed, renewalFailed, succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { getTimeline } from "./timeline";

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
