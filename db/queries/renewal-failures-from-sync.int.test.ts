import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { intentRow, renewalRow } from "@/lib/sync/transforms";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { getFailureTotals, listRenewalFailures } from "./renewal-failures";
import { upsertSyncedRows } from "./sync";

// A failed renewal the sync finds with no webhook behind it (history from before the back office, a delivery that never
// came) is in the workspace, through the real sync writer and the real receiver, and the event arriving later lands on
// the same row.

const test = freshTestDatabase();
const PERIOD = "2026-11-01T00:00:00.000Z";

type Renewal = Parameters<typeof renewalRow>[0];
const renewal = (subscriptionId: string, status: string, attemptCount: number, extra: Partial<Renewal> = {}) =>
  renewalRow(
    {
      id: `inv_${subscriptionId}`,
      status,
      subscriptionId,
      customerId: "cus_ana",
      paymentIntentId: `pi_${subscriptionId}`,
      currency: "CRC",
      total: 1_250_000,
      periodStart: PERIOD,
      periodEnd: "2026-12-01T00:00:00.000Z",
      attemptCount,
      nextPaymentAttempt: status === "open" ? "2026-11-05T00:00:00.000Z" : null,
      createdAt: "2026-11-01T00:00:00.000Z",
      ...extra,
    } as Renewal,
    "test",
    "2026-11-03T12:00:00.000Z",
  );

const failures = async () =>
  (await test.db.execute<{ subscription_id: string; state: string; attempt_count: number; first_failed_at: string; amount: string }>(
    sql`select subscription_id, state, attempt_count, first_failed_at, amount::text from renewal_failures where mode = 'test' order by subscription_id`,
  )) as unknown as { subscription_id: string; state: string; attempt_count: number; first_failed_at: string; amount: string }[];

describe("failed renewals from the sync alone", () => {
  it("stores a failure for each renewal charged and still unpaid, and none for the rest", async () => {
    // The intent of one open renewal is known to be processing (a bank still deciding): not a failure yet.
    await upsertSyncedRows(test.db, "payments", [
      intentRow({ id: "pi_sub_processing", status: "processing", amount: 1_250_000, currency: "CRC", createdAt: PERIOD } as never, "test", PERIOD),
    ]);
    await upsertSyncedRows(test.db, "renewals", [
      renewal("sub_retrying", "open", 2),
      renewal("sub_open_no_retry", "open", 1, { nextPaymentAttempt: null }),
      renewal("sub_uncollectible", "uncollectible", 4),
      renewal("sub_processing", "open", 1),
      renewal("sub_not_charged", "open", 0),
      renewal("sub_draft", "draft", 0),
      renewal("sub_paid_late", "paid", 3),
      renewal("sub_void", "void", 2),
    ]);

    expect((await failures()).map((row) => [row.subscription_id, row.state, row.attempt_count, row.amount])).toEqual([
      ["sub_open_no_retry", "exhausted", 1, "1250000"],
      ["sub_retrying", "retrying", 2, "1250000"],
      ["sub_uncollectible", "exhausted", 4, "1250000"],
    ]);
    // Dated by the renewal (its first attempt's day), not by the moment the sync happened to run.
    expect(new Date((await failures())[0]!.first_failed_at)).toEqual(new Date(PERIOD));

    const totals = await getFailureTotals(test.db, { mode: "test", monthStart: new Date("2026-11-01T06:00:00Z") });
    expect(totals.find((row) => row.currency === "CRC")).toMatchObject({ retrying: 1, exhausted: 2, atRisk: "3750000" });
    const { items } = await listRenewalFailures(test.db, { mode: "test", state: "retrying" }, { limit: 25 });
    expect(items.map((row) => [row.subscriptionId, row.attempts])).toEqual([["sub_retrying", 2]]);
  });

  it("moves a failure on when a later sync sees another attempt, and recovers it when the renewal is paid", async () => {
    await upsertSyncedRows(test.db, "renewals", [renewal("sub_retrying", "open", 3, { nextPaymentAttempt: "2026-11-07T00:00:00.000Z" })]);
    let row = (await failures()).find((failure) => failure.subscription_id === "sub_retrying")!;
    expect([row.state, row.attempt_count]).toEqual(["retrying", 3]);

    await upsertSyncedRows(test.db, "renewals", [renewal("sub_retrying", "paid", 3, { nextPaymentAttempt: null })]);
    row = (await failures()).find((failure) => failure.subscription_id === "sub_retrying")!;
    expect(row.state).toBe("recovered");
  });

  it("is the same row the failure's webhook then lands on, with the event's facts", async () => {
    await upsertSyncedRows(test.db, "renewals", [renewal("sub_late_event", "open", 1, { total: 900_000 })]);
    await receiveDelivery(test.db, "test", JSON.stringify(renewalFailed("sub_late_event", 1)));
    const rows = (await test.db.execute<{ n: number; error_code: string | null; last_payment_attempt: string | null }>(
      sql`select count(*)::int as n, max(error_code) as error_code, max(last_payment_attempt) as last_payment_attempt
          from renewal_failures where subscription_id = 'sub_late_event'`,
    )) as unknown as { n: number; error_code: string | null; last_payment_attempt: string | null }[];
    expect({ ...rows[0], last_payment_attempt: new Date(rows[0]!.last_payment_attempt!) }).toEqual({ n: 1, error_code: "declined", last_payment_attempt: new Date("2026-11-01T00:05:00.000Z") });
  });

  it("leaves a failure the webhook stored first as the webhook has it, the sync adding only the renewal's amount", async () => {
    await receiveDelivery(test.db, "test", JSON.stringify(renewalFailed("sub_event_first", 2)));
    await upsertSyncedRows(test.db, "renewals", [renewal("sub_event_first", "open", 2, { total: 700_000 })]);
    const rows = (await test.db.execute<{ n: number; error_code: string | null; amount: string; attempt_count: number }>(
      sql`select count(*)::int as n, max(error_code) as error_code, max(amount)::text as amount, max(attempt_count) as attempt_count
          from renewal_failures where subscription_id = 'sub_event_first'`,
    )) as unknown as { n: number; error_code: string | null; amount: string; attempt_count: number }[];
    expect(rows[0]).toEqual({ n: 1, error_code: "declined", amount: "700000", attempt_count: 2 });
  });
});
