import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renewalFailures } from "@/db/schema";
import { renewalRow } from "@/lib/sync/transforms";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed, renewalSucceeded } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { getFailureTotals } from "./renewal-failures";
import { upsertSyncedRows } from "./sync";

// A failed renewal's amount before any sync: the failure event carries none, the success of the same renewal carries
// its `total`. Real deliveries and a real sync write (PostgreSQL): the amount the events give is kept, never replaced by
// nothing, and the synced renewal's total wins once the sync copies it.

const test = freshTestDatabase();
const send = async (event: { type: string; data: object }) => {
  const result = await receiveDelivery(test.db, "test", JSON.stringify(event));
  expect(result.status).toBe("processed");
  return result;
};
const withData = <E extends { type: string; data: object }>(event: E, data: Partial<E["data"]> & Record<string, unknown>): E => ({ ...event, data: { ...event.data, ...data } });
/** The fixtures' failure (period 2026-11-01) in a currency. */
const failedIn = (subscriptionId: string, currency: string, attempt = 1) => withData(renewalFailed(subscriptionId, attempt), { currency });
/** The success of the fixtures' period, in a currency, for a total. */
const paidIn = (subscriptionId: string, currency: string, total: number, periodStart = "2026-11-01T00:00:00.000Z") =>
  withData(renewalSucceeded(subscriptionId), { currency, total, periodStart });
const failureOf = async (subscriptionId: string) => (await test.db.select().from(renewalFailures).where(eq(renewalFailures.subscriptionId, subscriptionId)))[0]!;
const sync = (subscriptionId: string, status: string, total: number, currency = "CRC") =>
  upsertSyncedRows(test.db, "renewals", [
    renewalRow(
      { id: `inv_${subscriptionId}`, status, subscriptionId, customerId: "cus_ana", paymentIntentId: "", currency, total, periodStart: "2026-11-01T00:00:00.000Z", periodEnd: "2026-12-01T00:00:00.000Z", attemptCount: 1, nextPaymentAttempt: null, createdAt: "2026-11-01T00:00:00.000Z" } as never,
      "test",
      "2026-11-03T12:00:00.000Z",
    ),
  ]);

describe("a failed renewal's amount from the events", () => {
  it("is the total of the success that recovered its period, in either order of delivery, before any sync", async () => {
    await send(failedIn("sub_usd", "USD"));
    expect(await failureOf("sub_usd")).toMatchObject({ amount: null, currency: "USD", state: "retrying" });
    await send(paidIn("sub_usd", "USD", 57_000));
    expect(await failureOf("sub_usd")).toMatchObject({ amount: 57_000, currency: "USD", state: "recovered" });

    // The success first: the failure is born recovered, with that amount (the insert's trigger, finding no synced
    // renewal, used to set it back to nothing).
    await send(paidIn("sub_crc", "CRC", 1_250_000));
    await send(failedIn("sub_crc", "CRC"));
    expect(await failureOf("sub_crc")).toMatchObject({ amount: 1_250_000, currency: "CRC", state: "recovered" });

    // "Recuperado este mes" has the two amounts, not two unknown ones.
    const totals = await getFailureTotals(test.db, { mode: "test", monthStart: new Date("2026-11-01T06:00:00Z") });
    expect(totals.filter((row) => row.recovered > 0).map(({ currency, recoveredAmount, recoveredUnpriced }) => ({ currency, recoveredAmount, recoveredUnpriced }))).toEqual([
      { currency: "CRC", recoveredAmount: "1250000", recoveredUnpriced: 0 },
      { currency: "USD", recoveredAmount: "57000", recoveredUnpriced: 0 },
    ]);
  });

  it("never prices a failure from another period's or another currency's success", async () => {
    await send(failedIn("sub_later", "CRC"));
    // The subscription renews for December: the November failure is recovered, but December's total is not its amount.
    await send(paidIn("sub_later", "CRC", 2_000_000, "2026-12-01T00:00:00.000Z"));
    expect(await failureOf("sub_later")).toMatchObject({ amount: null, currency: "CRC", state: "recovered" });

    await send(failedIn("sub_other_currency", "CRC"));
    await send(paidIn("sub_other_currency", "USD", 4_999));
    expect(await failureOf("sub_other_currency")).toMatchObject({ amount: null, currency: "CRC" });
  });

  it("keeps a known amount: an event never replaces it with nothing, and the synced renewal's total wins", async () => {
    await send(failedIn("sub_synced", "CRC"));
    await sync("sub_synced", "open", 900_000);
    expect(await failureOf("sub_synced")).toMatchObject({ amount: 900_000 });
    // A success whose total differs (a proration, say) does not move what the sync copied.
    await send(paidIn("sub_synced", "CRC", 3_300_000));
    expect(await failureOf("sub_synced")).toMatchObject({ amount: 900_000, state: "recovered" });
    // A later attempt's failure arriving late, whose own insert brings no amount, leaves it.
    await send(failedIn("sub_synced", "CRC", 2));
    expect(await failureOf("sub_synced")).toMatchObject({ amount: 900_000, attemptCount: 2 });
    // The sync, the source of truth for the renewal's current state, replaces an amount an event gave.
    await send(failedIn("sub_event_then_sync", "USD"));
    await send(paidIn("sub_event_then_sync", "USD", 57_000));
    await sync("sub_event_then_sync", "paid", 55_000, "USD");
    expect(await failureOf("sub_event_then_sync")).toMatchObject({ amount: 55_000, currency: "USD", state: "recovered" });
  });
});
