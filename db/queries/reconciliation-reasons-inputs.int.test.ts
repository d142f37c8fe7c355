import { describe, expect, it } from "vitest";
import { connectDatabase } from "@/db";
import { addCustomer, addIntent, addTransfer, hoursAfter } from "@/lib/reconciliation/test-fixtures";
import { databaseMigratedTo } from "@/scripts/test/database";
import { runReconciliation } from "./reconciliation";
import { listQueue } from "./reconciliation-queues";

// A suggestion's reasons are stored as their inputs since drizzle/0044 and built on read (rc_reasons). A database
// made before keeps its suggestions' reasons as the JSON the passes wrote then, until the next pass rewrites them.

describe("a database made before drizzle/0044", () => {
  it("shows its suggestions' stored reasons, and the next pass stores them as inputs with the same reasons", async () => {
    // A database migrated up to 0043, then the checkout's migrations: the path of an existing database.
    const { url, client, migrate, drop } = await databaseMigratedTo(43);
    const { db, client: pool } = connectDatabase(url, { max: 4 });
    try {
      const customer = await addCustomer(db, { phone: "+506 8812-3456", name: "Ana Mora" });
      const pid = await addIntent(db, { customerId: customer, createdAt: hoursAfter(-5) });
      const ref = await addTransfer(db, { phone: "8812-3456", name: "ANA MORA" });
      // The suggestion as 0043's pass wrote it: its reasons as JSON, its fingerprint from that pass's text.
      const stored = [
        { code: "same_amount", amount: 1_500_000, currency: "CRC" },
        { code: "sender_phone_is_customer", phone: "+50688123456" },
        { code: "sender_name_is_customer", name: "ana mora" },
        { code: "within_window", hours: 5 },
      ];
      const [row] = await client<{ id: string }[]>`insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count,
          amount, currency, intent_amount, score, reasons, transfer_at, fingerprint)
        values ('test', 'suggested', 'amount_and_sender', ${pid}, ${ref}, 1, 1500000, 'CRC', 1500000, 85, ${JSON.stringify(stored)}::jsonb, ${hoursAfter(0).toISOString()}, 42)
        returning id`;
      await client`insert into reconciliation_match_transfers (match_id, mode, state, sinpe_ref_number) values (${row!.id}, 'test', 'suggested', ${ref})`;
      await migrate();

      const shown = async () => (await listQueue(db, { mode: "test", queue: "suggested", limit: 10 })).rows.map((r) => ({ id: String(r.matchId), reasons: r.reasons }));
      expect(await shown()).toEqual([{ id: row!.id, reasons: stored }]);

      await runReconciliation(db, "test");
      const [after] = await client<{ id: string; reasons: unknown; phone: string | null; name: string | null; hours: number | null }[]>`
        select id::text, reasons, reason_phone as phone, reason_name as name, reason_hours as hours from reconciliation_matches`;
      expect(after).toEqual({ id: row!.id, reasons: null, phone: "+50688123456", name: "ana mora", hours: 5 });
      expect(await shown()).toEqual([{ id: row!.id, reasons: stored }]);
    } finally {
      await pool.end();
      await drop();
    }
  });
});
