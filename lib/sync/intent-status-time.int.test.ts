import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentIntents } from "@/db/schema";
import { createRefund } from "@/lib/payments/refunds";
import { freshTestDatabase } from "@/scripts/test/database";
import { succeededToday } from "@/scripts/test/overview-figures";
import { runSync } from "./run";
import { sandboxClient, sandboxForTheseTests } from "./test-support";

// When the local copy says an intent succeeded: the day the Overview's "Exitosos" puts it on. A partial refund leaves
// the intent succeeded but moves the record's updatedAt to the refund, days later; the sandbox runs over HTTP, the
// sync writes to a real PostgreSQL.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

const localRow = async (id: string) => {
  const [row] = await test.db.select().from(paymentIntents).where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, id)));
  return row!;
};
describe("the time an intent succeeded", () => {
  it("on the first copy of a partly refunded intent is its creation, not the refund's time", async () => {
    const client = sandboxClient(sandbox.current, "test");
    expect((await runSync({ db: test.db, client, mode: "test", resource: "payments" })).error).toBeUndefined();
    const partly = sandbox.current.store
      .collection("test", "paymentIntents")
      .all()
      .filter((pi) => pi.status === "succeeded" && pi.amountRefunded > 0 && pi.updatedAt !== pi.createdAt);
    expect(partly.length).toBeGreaterThan(0);
    for (const intent of partly) {
      const row = await localRow(intent.id);
      expect(row.status).toBe("succeeded");
      expect(row.lastEventAt.toISOString(), intent.id).toBe(new Date(intent.createdAt).toISOString());
    }
  });

  it("does not move forward when a later read brings the same status after a partial refund: the payment stays on its day", async () => {
    const client = sandboxClient(sandbox.current, "test");
    const intent = sandbox.current.store
      .collection("test", "paymentIntents")
      .all()
      .find((pi) => pi.status === "succeeded" && pi.amountRefunded === 0 && pi.amount > 100)!;
    const before = await localRow(intent.id);
    expect(before.lastEventAt.toISOString()).toBe(new Date(intent.updatedAt ?? intent.createdAt).toISOString());
    const now = sandbox.current.store.now();
    const todayBefore = await succeededToday(test.db, { now });

    await createRefund(client, { paymentIntentId: intent.id, amount: 100 });
    expect(sandbox.current.store.get("test", "paymentIntents", intent.id)).toMatchObject({ status: "succeeded", amountRefunded: 100 });
    // A full pass reads every record again, this one included, with its updatedAt now the refund's.
    expect((await runSync({ db: test.db, client, mode: "test", resource: "payments", full: true })).error).toBeUndefined();

    const after = await localRow(intent.id);
    expect(after.status).toBe("succeeded");
    // Never later. The record now shows a refund, so it no longer tells the success's time and gives its creation
    // instead (intentRow); of two reports of one final status the earlier stands, so the row may go back to it.
    expect(after.lastEventAt.getTime()).toBeLessThanOrEqual(before.lastEventAt.getTime());
    expect(after.lastEventAt).toEqual(new Date(intent.createdAt));
    // The Overview's "succeeded today" did not gain a payment made days ago.
    expect(await succeededToday(test.db, { now })).toBe(todayBefore);
  });
});
