import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { runSync } from "./run";
import { remoteChecksum, sandboxClient, sandboxForTheseTests } from "./test-support";

// What a pass hands reconciliation (lib/reconciliation/jobs.ts: a pass scoped to these keys, or a full pass when there
// are none): the keys of every row it wrote, up to 2,000 rows (the README's bound), and nothing past that. The sandbox
// holds a little over 3,000 test-mode intents, so a pass can be cut exactly at the bound and just past it.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests({ scale: 0.15 });

const storedIds = async () => (await test.db.execute<{ id: string }>(sql`select id from payment_intents where mode = 'test' order by id`)).map((r) => r.id);

describe("the keys a sync pass reports for reconciliation", () => {
  it("are every row's key up to 2,000 rows written, and none past 2,000", { timeout: 60_000 }, async () => {
    const total = remoteChecksum(sandbox.current, "test", "payments").count;
    expect(total).toBeGreaterThan(2_100);
    expect(total).toBeLessThanOrEqual(4_000);
    const client = sandboxClient(sandbox.current, "test");

    // 20 pages of 100: exactly 2,000 rows, each key reported once, and they are the rows now stored.
    const atBound = await runSync({ db: test.db, client, mode: "test", resource: "payments", full: true, stopAfterPages: 20 });
    expect(atBound.rows).toBe(2_000);
    expect(atBound.written).toHaveLength(2_000);
    expect([...atBound.written!].sort()).toEqual(await storedIds());

    // Resumed, the pass writes only what is left: fewer than 2,000 rows, each key reported.
    const resumed = await runSync({ db: test.db, client, mode: "test", resource: "payments" });
    expect(resumed.error).toBeUndefined();
    expect(resumed.kind).toBe("backfill");
    expect(resumed.written).toHaveLength(total - 2_000);
    expect(new Set([...atBound.written!, ...resumed.written!]).size).toBe(total);

    // 21 pages: 2,100 rows, past the bound: no keys (reconciliation then runs its full pass).
    const past = await runSync({ db: test.db, client, mode: "test", resource: "payments", full: true, stopAfterPages: 21 });
    expect(past.rows).toBe(2_100);
    expect(past.written).toBeNull();

    // A whole backfill of more than 2,000 rows, completed: no keys either.
    const whole = await runSync({ db: test.db, client, mode: "test", resource: "payments", full: true });
    expect(whole.error).toBeUndefined();
    expect(whole.rows).toBe(total);
    expect(whole.written).toBeNull();
  });
});
