import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSyncState, upsertSyncedRows } from "@/db/queries/sync";
import { mobileTransfers, paymentIntents, webhookEvents } from "@/db/schema";
import { createPaymentClient } from "@/lib/payments/client";
import { paymentIntentSchema } from "@/lib/payments/schemas";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { freshTestDatabase } from "@/scripts/test/database";
import { paymentIntentDeferred, paymentIntentFailed, paymentIntentSucceeded } from "@/sandbox/webhooks/events";
import { runSync } from "./run";
import { localChecksum, remoteChecksum, sandboxClient, sandboxForTheseTests } from "./test-support";
import { intentRow } from "./transforms";

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

describe("a backfill cut short", () => {
  it("resumes after the last page it wrote and ends equal to the sandbox.current, with no duplicate", async () => {
    let calls = 0;
    const client = sandboxClient(sandbox.current, "test", () => calls++);
    const cut = await runSync({ db: test.db, client, mode: "test", resource: "payments", stopAfterPages: 3 });
    expect(cut.error).toBeDefined();
    const state = await getSyncState(test.db, "test", "payments");
    expect(state).toMatchObject({ kind: "backfill", rowsDone: 300, phase: "failed" });
    expect(state!.cursor).toBeTruthy();
    expect(state!.lastCompleteAt).toBeNull();

    calls = 0;
    const resumed = await runSync({ db: test.db, client, mode: "test", resource: "payments" });
    expect(resumed.error).toBeUndefined();
    expect(resumed.kind).toBe("backfill");
    const total = remoteChecksum(sandbox.current, "test", "payments").count;
    // It read only the pages after the checkpoint, not the whole list again.
    expect(calls).toBe(Math.ceil(total / 100) - 3);
    expect(resumed.rows).toBe(total);
    expect(await localChecksum(test.db, "test", "payments")).toEqual(remoteChecksum(sandbox.current, "test", "payments"));
    const { n } = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from sync_runs where mode = 'test' and resource = 'payments'`))[0] as { n: number };
    expect(n).toBe(2);
  });
});

describe("a change the webhooks never told", () => {
  it("is seen by the next re-read pass: an intent that succeeded and a pending transfer that arrived", async () => {
    for (const resource of ["payments", "transfers"] as const) {
      expect((await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource })).error).toBeUndefined();
    }
    // The sandbox here sends no webhooks at all: only the sync can learn of these changes.
    const intent = sandbox.current.store.collection("test", "paymentIntents").all().find((pi) => pi.status === "processing")!;
    const transfer = sandbox.current.store.collection("test", "mobileTransfers").all().find((t) => t.status === "pending")!;
    expect(intent && transfer).toBeTruthy();
    sandbox.current.store.save("test", "paymentIntents", { ...intent, status: "succeeded", updatedAt: new Date().toISOString() });
    sandbox.current.store.save("test", "mobileTransfers", { ...transfer, status: "received" });

    const incremental = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource: "payments" });
    expect(incremental.kind).toBe("incremental");
    for (const resource of ["payments", "transfers"] as const) {
      const refresh = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource, kind: "refresh" });
      expect(refresh.error).toBeUndefined();
    }
    const [pi] = await test.db.select().from(paymentIntents).where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, intent.id)));
    expect(pi!.status).toBe("succeeded");
    const [mt] = await test.db.select().from(mobileTransfers).where(and(eq(mobileTransfers.mode, "test"), eq(mobileTransfers.sinpeRefNumber, transfer.SINPERefNumber)));
    expect(mt!.status).toBe("received");
    expect(await localChecksum(test.db, "test", "transfers")).toEqual(remoteChecksum(sandbox.current, "test", "transfers"));
  });
});

describe("webhook and sync on the same intent", () => {
  const comparable = async (id: string) => {
    const [row] = await test.db.select().from(paymentIntents).where(and(eq(paymentIntents.mode, "live"), eq(paymentIntents.id, id)));
    // When this copy was written differs by nature; everything the row says must not.
    return { ...row!, updatedAt: undefined, syncedAt: undefined };
  };
  const forget = async (id: string) => {
    await test.db.delete(paymentIntents).where(and(eq(paymentIntents.mode, "live"), eq(paymentIntents.id, id)));
    await test.db.delete(webhookEvents).where(eq(webhookEvents.mode, "live"));
  };

  it("ends in the same row whichever comes first, and a late webhook never undoes the synced status", async () => {
    const intent = sandbox.current.store.collection("live", "paymentIntents").all().find((pi) => pi.status === "succeeded" && pi.customerId)!;
    const customer = sandbox.current.store.get("live", "customers", intent.customerId!);
    const synced = intentRow(paymentIntentSchema.parse(intent), "live", new Date().toISOString());
    // The event is sent a little after what the API's record says: the two times differ, as they do for real.
    const at = new Date(Date.parse(intent.updatedAt ?? intent.createdAt) + 5 * 60_000).toISOString();
    for (const event of [paymentIntentSucceeded(intent, customer, at), paymentIntentDeferred(intent, "live")]) {
      const webhook = () => receiveDelivery(test.db, "live", JSON.stringify(event));
      const sync = () => upsertSyncedRows(test.db, "payments", [{ ...synced, syncedAt: new Date().toISOString() }]);

      await forget(intent.id);
      await webhook();
      await sync();
      const webhookFirst = await comparable(intent.id);

      await forget(intent.id);
      await sync();
      await webhook();
      const syncFirst = await comparable(intent.id);

      expect(syncFirst, event.type).toEqual(webhookFirst);
      expect(syncFirst.status).toBe("succeeded");
      expect(syncFirst.amount).toBe(intent.amount);
    }
    // The sync never writes timeline rows: only webhook deliveries do.
    const { n } = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from event_subjects where mode = 'live' and subject_id = ${intent.id}`))[0] as { n: number };
    expect(n).toBe(1);
  });
  it("a declined attempt: the event's error and the record's reason and decline code end in one last_error, whichever comes first", async () => {
    const intent = sandbox.current.store.collection("live", "paymentIntents").all().find((pi) => pi.status === "requires_payment_method" && pi.lastPaymentError?.declineCode)!;
    expect(intent).toBeTruthy();
    const customer = intent.customerId ? sandbox.current.store.get("live", "customers", intent.customerId) : undefined;
    const synced = intentRow(paymentIntentSchema.parse(intent), "live", new Date().toISOString());
    // A second attempt's failure, reported after the record the sync read, and the first one's, reported late.
    const later = new Date(Date.parse(intent.updatedAt ?? intent.createdAt) + 60_000).toISOString();
    const earlier = new Date(Date.parse(intent.updatedAt ?? intent.createdAt) - 60_000).toISOString();
    const failed = (at: string, message: string) =>
      receiveDelivery(test.db, "live", JSON.stringify(paymentIntentFailed({ ...intent, lastPaymentError: { ...intent.lastPaymentError!, message } }, customer, at)));
    const sync = () => upsertSyncedRows(test.db, "payments", [{ ...synced, syncedAt: new Date().toISOString() }]);
    const orders = [
      [sync, () => failed(later, "second"), () => failed(earlier, "first")],
      [() => failed(earlier, "first"), () => failed(later, "second"), sync],
      [() => failed(later, "second"), sync, () => failed(earlier, "first")],
    ];
    const rows = [];
    for (const writes of orders) {
      await forget(intent.id);
      for (const write of writes) await write();
      rows.push(await comparable(intent.id));
    }
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[2]).toEqual(rows[0]);
    const { reason, declineCode, code, type } = intent.lastPaymentError!;
    // The newest attempt's message; the record's reason and code; the event's method type.
    expect(rows[0]!.lastError).toEqual({ code, type, message: "second", reason, declineCode, paymentMethodType: intent.paymentMethodType });
  });
});

describe("a record that fails its schema", () => {
  it("is kept in sync_problems with its raw record and skipped; the rest of the page is written", async () => {
    const transfer = sandbox.current.store.collection("live", "mobileTransfers").all()[0]!;
    sandbox.current.store.save("live", "mobileTransfers", { ...transfer, status: "teleported" as never });
    const result = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "live"), mode: "live", resource: "transfers" });
    expect(result.error).toBeUndefined();
    expect(result.problems).toBe(1);
    const problems = await test.db.execute<{ record_key: string; error: string; raw: { status: string } }>(sql`select record_key, error, raw from sync_problems where mode = 'live'`);
    expect(problems).toEqual([{ record_key: transfer.id, error: expect.stringContaining("status"), raw: expect.objectContaining({ status: "teleported" }) }]);
    const { n } = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from mobile_transfers where mode = 'live'`))[0] as { n: number };
    expect(n).toBe(remoteChecksum(sandbox.current, "live", "transfers").count - 1);
  });
});

describe("a key the service refuses", () => {
  it("stops that mode's sync with the error recorded", async () => {
    const refused = await runSync({
      db: test.db,
      client: createPaymentClient({ baseUrl: sandbox.current.url, secretKey: "svc_live_secret_key_not_this_one", logger: () => {} }),
      mode: "live",
      resource: "customers",
    });
    expect(refused.keyProblem).toBe(true);
    const state = await getSyncState(test.db, "live", "customers");
    expect(state).toMatchObject({ phase: "failed" });
    expect(state!.lastError).toMatch(/refused this mode's key/);
  });
});
