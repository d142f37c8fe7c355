import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getUnreconciledTransfers } from "@/db/queries/overview";
import { getSyncState } from "@/db/queries/sync";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import { mobileTransfers } from "@/db/schema";
import { MODES } from "@/lib/env-schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { SYNC_RESOURCES } from "./resources";
import { runSync, WRITTEN_KEYS_KEPT } from "./run";
import { localChecksum, remoteChecksum, sandboxClient, sandboxForTheseTests } from "./test-support";

// @smoke: a backfill into this server equals the sandbox's lists.
// The sync against the sandbox over HTTP and a real PostgreSQL.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

describe("backfill", () => {
  it("copies every resource of both modes: each local table equals the sandbox's list", async () => {
    for (const mode of MODES) {
      const client = sandboxClient(sandbox.current, mode);
      for (const resource of SYNC_RESOURCES) {
        const result = await runSync({ db: test.db, client, mode, resource });
        expect(result.error, `${mode} ${resource}`).toBeUndefined();
        expect(result.kind).toBe("backfill");
        expect(await localChecksum(test.db, mode, resource), `${mode} ${resource}`).toEqual(remoteChecksum(sandbox.current, mode, resource));
        const state = await getSyncState(test.db, mode, resource);
        expect(state).toMatchObject({ phase: "idle", cursor: null, remoteTotal: remoteChecksum(sandbox.current, mode, resource).count });
        expect(state!.lastCompleteAt).not.toBeNull();
        // What reconciliation's scoped pass is queued for: every key written, or none past the limit (a full pass then).
        const count = remoteChecksum(sandbox.current, mode, resource).count;
        if (count > WRITTEN_KEYS_KEPT) expect(result.written).toBeNull();
        else expect(new Set(result.written).size, `${mode} ${resource}`).toBe(count);
      }
    }
    // Transfers keep the service's own link to their intent.
    const linked = sandbox.current.store.collection("test", "mobileTransfers").all().filter((t) => t.paymentIntentId);
    expect(linked.length).toBeGreaterThan(0);
    const [row] = await test.db
      .select()
      .from(mobileTransfers)
      .where(and(eq(mobileTransfers.mode, "test"), eq(mobileTransfers.sinpeRefNumber, linked[0]!.SINPERefNumber)));
    expect(row!.paymentIntentId).toBe(linked[0]!.paymentIntentId);
  });

  it("gives the Overview the sandbox's own unreconciled transfers: no linked intent, money arrived unmatched", async () => {
    for (const mode of MODES) {
      const expected = sandbox.current.store
        .collection(mode, "mobileTransfers")
        .all()
        .filter((t) => !t.paymentIntentId && (UNRECONCILED_TRANSFER_STATUSES as readonly string[]).includes(t.status)).length;
      expect(expected).toBeGreaterThan(0);
      const { byCurrency } = await getUnreconciledTransfers(test.db, { mode });
      expect(byCurrency.reduce((sum, row) => sum + row.count, 0), mode).toBe(expected);
    }
  });

  it("a pass over records unchanged since the last writes no new row version (nothing to vacuum, no trigger rows)", async () => {
    const versions = async (table: string) =>
      (await test.db.execute<{ id: string; v: string }>(sql.raw(`select ${table === "mobile_transfers" ? "sinpe_ref_number" : "id"} as id, xmin::text as v from ${table} where mode = 'test' order by 1`))).map((r) => `${r.id}@${r.v}`);
    const tables = { payments: "payment_intents", transfers: "mobile_transfers", renewals: "renewals" } as const;
    // The intents' copied last errors (jsonb, merged with the events') are among the values compared.
    const [declined] = await test.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_intents where mode = 'test' and last_error ? 'declineCode'`);
    expect(declined!.n).toBeGreaterThan(0);
    for (const [resource, table] of Object.entries(tables) as [keyof typeof tables, string][]) {
      const before = await versions(table);
      expect(before.length).toBeGreaterThan(0);
      const result = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource, full: true });
      expect(result.error).toBeUndefined();
      expect(result.rows).toBe(before.length);
      expect(await versions(table), resource).toEqual(before);
    }
  });

  it("an incremental pass with nothing new makes one API call per resource and changes nothing", async () => {
    for (const resource of SYNC_RESOURCES) {
      let calls = 0;
      const before = await localChecksum(test.db, "test", resource);
      const result = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test", () => calls++), mode: "test", resource });
      expect(result.error).toBeUndefined();
      expect(result.kind).toBe("incremental");
      expect(calls, resource).toBeLessThanOrEqual(2);
      expect(await localChecksum(test.db, "test", resource)).toEqual(before);
      // Coverage still compares with the service's count of the whole list, not of the overlap window.
      expect((await getSyncState(test.db, "test", resource))!.remoteTotal).toBe(remoteChecksum(sandbox.current, "test", resource).count);
    }
  });
});
