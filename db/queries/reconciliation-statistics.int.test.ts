import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf } from "@/lib/reconciliation/test-fixtures";
import { freshTestDatabase } from "@/scripts/test/database";
import { runReconciliation } from "./reconciliation";

// @smoke: what pg_class and pg_stats say of a table no ANALYZE has read.
// A full pass right after a bulk load (a first sync's backfill; the keys its own first step writes) met tables with no
// statistics, until autovacuum's next round: the planner guessed every column's selectivity, and the pass's joins and
// the scoped passes after it ran as loops (seconds where they take milliseconds). A full pass now analyses such
// tables itself, once: the stored ones it reads before the rules, the key tables after its keys step fills them.

const test = freshTestDatabase();

const READ = ["customers", "mobile_transfers", "payment_intents"];
const KEYS = ["reconciliation_customer_search", "reconciliation_intent_keys", "reconciliation_intent_search", "reconciliation_transfer_keys"];

/** The tables of `tables` that have column statistics (what ANALYZE leaves, and the planner reads). */
async function withStatistics(tables: string[]) {
  const rows = await test.db.execute<{ table: string }>(sql`select distinct tablename as table from pg_stats
    where schemaname = 'public' and tablename = any(${sql.raw(`array[${tables.map((t) => `'${t}'`).join(",")}]::name[]`)}) order by 1`);
  return rows.map((row) => row.table);
}

async function pass() {
  const labels: string[] = [];
  await runReconciliation(test.db, "test", null, { trace: (label) => labels.push(label) });
  return labels.filter((label) => label.endsWith("(no statistics)"));
}

describe("a full pass over tables no ANALYZE has read", () => {
  it("analyses them first, and the key tables once its keys step has filled them; then no more", async () => {
    for (let i = 0; i < 40; i++) {
      const phone = `8800-${String(1000 + i)}`;
      const customer = await addCustomer(test.db, { phone: `+506${phone.replace("-", "")}` });
      const amount = 1_000_000 + i * 1_000;
      await addIntent(test.db, { customerId: customer, amount, createdAt: hoursAfter(-30), metadata: { orderId: `ORD-${80_000 + i}` } });
      await addTransfer(test.db, { phone, amount, at: hoursAfter(-2) });
    }
    expect(await withStatistics([...READ, ...KEYS])).toEqual([]);

    expect(await pass()).toEqual([`analyze ${READ.join(", ")} (no statistics)`, `analyze ${KEYS.join(", ")} (no statistics)`]);
    expect(await withStatistics([...READ, ...KEYS])).toEqual([...READ, ...KEYS]);
    // What the pass is for still happened: every transfer suggested for its customer's payment.
    expect((await matchesOf(test.db)).filter((match) => match.state === "suggested")).toHaveLength(40);

    // Statistics that know these rows: the next pass reads them as they are.
    expect(await pass()).toEqual([]);
  });
});
