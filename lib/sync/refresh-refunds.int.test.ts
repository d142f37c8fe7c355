import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentIntents } from "@/db/schema";
import { createRefund } from "@/lib/payments/refunds";
import { freshTestDatabase } from "@/scripts/test/database";
import { succeededToday } from "@/scripts/test/overview-figures";
import { runSync } from "./run";
import { sandboxClient, sandboxForTheseTests } from "./test-support";

// A refund made outside the app (the service's own dashboard, another integration) after the intent was copied: no
// webhook the app receives says so, and the intent was final when copied. The scheduled re-read must still see it.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

const localStatus = async (id: string) =>
  (await test.db.select({ status: paymentIntents.status }).from(paymentIntents).where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, id))))[0]?.status;
describe("the scheduled re-read and refunds", () => {
  it("takes a payment refunded in full elsewhere out of the Overview's succeeded figures", async () => {
    const client = sandboxClient(sandbox.current, "test");
    expect((await runSync({ db: test.db, client, mode: "test", resource: "payments" })).error).toBeUndefined();
    // A payment made now, copied by the next incremental pass while it is succeeded.
    const response = await fetch(`${sandbox.current.url}/_sandbox/scenarios/payment-succeeded?mode=test`, { method: "POST" });
    const { created } = (await response.json()) as { created: { paymentIntentId: string } };
    const id = created.paymentIntentId;
    expect((await runSync({ db: test.db, client, mode: "test", resource: "payments" })).kind).toBe("incremental");
    expect(await localStatus(id)).toBe("succeeded");
    const before = await succeededToday(test.db);

    await createRefund(client, { paymentIntentId: id });
    expect(sandbox.current.store.get("test", "paymentIntents", id)?.status).toBe("refunded");

    const refresh = await runSync({ db: test.db, client, mode: "test", resource: "payments", kind: "refresh" });
    expect(refresh.error).toBeUndefined();
    expect(refresh.kind).toBe("refresh");
    expect(await localStatus(id)).toBe("refunded");
    expect(await succeededToday(test.db)).toBe(before - 1);
  });
});
