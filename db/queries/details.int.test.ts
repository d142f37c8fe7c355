import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { failed, succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { getLocalTransfer, getTransferForIntent } from "./mobile-transfers";
import { getIntentReadModel } from "./payment-intents";

// What the detail pages read from the webhook read models, next to the API's records.

const test = freshTestDatabase();
const send = (event: object, mode: "test" | "live" = "test") => receiveDelivery(test.db, mode, JSON.stringify(event));

describe("intent read model", () => {
  it("reports a failure that arrived after success, and nothing for an intent no event named", async () => {
    await send(succeeded("pi_ok"));
    await send(succeeded("pi_late"));
    await send(failed("pi_late", "2026-11-21T15:20:00.000Z"));
    expect(await getIntentReadModel(test.db, { mode: "test", id: "pi_ok" })).toMatchObject({ status: "succeeded", conflict: null });
    expect(await getIntentReadModel(test.db, { mode: "test", id: "pi_late" })).toMatchObject({ status: "succeeded", conflict: expect.stringMatching(/failed/) });
    expect(await getIntentReadModel(test.db, { mode: "live", id: "pi_ok" })).toBeNull();
    expect(await getIntentReadModel(test.db, { mode: "test", id: "pi_never" })).toBeNull();
  });
});

describe("local transfers", () => {
  it("finds a transfer by reference with the sender's phone from its event, in its mode only", async () => {
    await send(transfer("2026112115150000000000001"));
    const row = await getLocalTransfer(test.db, { mode: "test", reference: "2026112115150000000000001" });
    expect(row).toMatchObject({ originPhone: "8888-7777", source: "webhook", amount: 1_500_000, paymentIntentId: null });
    expect(await getLocalTransfer(test.db, { mode: "live", reference: "2026112115150000000000001" })).toBeNull();
  });

  it("finds the transfer linked to an intent", async () => {
    await send(transfer("2026112115150000000000002"));
    await test.db.execute(sql`update mobile_transfers set payment_intent_id = 'pi_paid' where sinpe_ref_number = '2026112115150000000000002'`);
    expect(await getTransferForIntent(test.db, { mode: "test", paymentIntentId: "pi_paid" })).toMatchObject({ sinpeRefNumber: "2026112115150000000000002" });
    expect(await getTransferForIntent(test.db, { mode: "live", paymentIntentId: "pi_paid" })).toBeNull();
    expect(await getTransferForIntent(test.db, { mode: "test", paymentIntentId: "pi_other" })).toBeNull();
  });
});
