import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertOperator } from "@/db/queries/operators";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseOnly, exportCsv, listExport, readCsvExport } from "@/scripts/test/export-csv";

// The events console's export reads this app's own database (real PostgreSQL): keyset pages of 100, the filtered
// count first, the mode kept apart, and the payload's amounts in major units.

const test = freshTestDatabase();

const exportEvents = (query: Record<string, string>, mode: "test" | "live" = "test") => exportCsv("events", databaseOnly(test.db, mode), { locale: "en", query });

beforeAll(async () => {
  for (let i = 0; i < 230; i++) await receiveDelivery(test.db, "test", JSON.stringify(succeeded(`pi_export_${i}`)));
  for (let i = 0; i < 12; i++) await receiveDelivery(test.db, "test", JSON.stringify(transfer(`20261121000000000000000${String(i).padStart(2, "0")}`)));
  await receiveDelivery(test.db, "live", JSON.stringify(succeeded("pi_export_live")));
});

describe("events CSV export", () => {
  it("writes every event of the filter over three pages, once each, newest first", async () => {
    const { header, rows, total } = await exportEvents({ type: "payment-intent.succeeded" });
    expect(total).toBe(230);
    expect(rows).toHaveLength(230);
    expect(header).toEqual(["Received (America/Costa_Rica)", "Status", "Type", "Object", "Amount", "Currency", "Deliveries", "Reason", "ID"]);
    const ids = rows.map((row) => Number(row.at(-1)));
    expect(new Set(ids).size).toBe(230);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(rows[0]!.slice(1, 7)).toEqual(["processed", "payment-intent.succeeded", "pi_export_229", "15000.00", "CRC", "1"]);
  });

  it("exports the whole mode when unfiltered, and nothing of the other mode", async () => {
    const all = await exportEvents({});
    expect(all.total).toBe(242);
    expect(all.rows).toHaveLength(242);
    const live = await exportEvents({}, "live");
    expect(live.rows.map((row) => row[3])).toEqual(["pi_export_live"]);
  });

  it("ignores a type or subject holding a NUL (PostgreSQL refuses one) instead of failing with a 500", async () => {
    const nul = await exportEvents({ type: "\u0000", subject: "pi_export_1\u0000" });
    expect(nul.rows).toHaveLength(242);
  });

  it("ignores a status the console does not know, as the console does", async () => {
    const unknown = await exportEvents({ status: "lost", type: "mobile-transfer.received" });
    expect(unknown.rows).toHaveLength(12);
  });
});

describe("the export's audit row", () => {
  const auditRows = () => test.db.execute<{ actor: string; action: string; subject_type: string; subject_id: string; mode: string; before: unknown; after: unknown }>(
    sql`select actor, action, subject_type, subject_id, mode, before, after from audit_log where action = 'list.export' order by id`,
  );

  it("is written once per export, before the file's first byte is read: who, the list, the mode, the parsed filters, no row", async () => {
    const vera = await insertOperator(test.db, { email: "vera@example.com", name: "Vera", role: "viewer", passwordHash: "x" });
    const operator = { id: vera.id, email: vera.email };
    const query = { type: "payment-intent.succeeded", from: "2026-01-01", to: "9999-12-31", subject: "pi_\u0000", limit: "10", startingAfter: "999" };
    const response = await listExport("events", databaseOnly(test.db), { locale: "en", query, operator });
    expect(response.status).toBe(200);
    expect(await auditRows()).toEqual([
      {
        actor: "vera@example.com", action: "list.export", subject_type: "list", subject_id: "events", mode: "test", before: null,
        // A day past 9998 and a NUL are no filter, as on the page; the paging is the export's own.
        after: { filters: { type: "payment-intent.succeeded", from: "2026-01-01" }, total: 230 },
      },
    ]);
    const { rows } = await readCsvExport(response);
    expect(rows).toHaveLength(230);
    expect(JSON.stringify(await auditRows())).not.toContain("pi_export_");
  });

  it("is not written for an export refused before it starts", async () => {
    const before = (await auditRows()).length;
    const beto = await insertOperator(test.db, { email: "beto@example.com", name: "Beto", role: "viewer", passwordHash: "x" });
    const operator = { id: beto.id, email: beto.email };
    const running = await listExport("events", databaseOnly(test.db), { operator });
    // A second export of the same operator while the first runs: 429, no file, no row.
    expect((await listExport("events", databaseOnly(test.db), { operator })).status).toBe(429);
    await running.body!.cancel();
    expect((await auditRows()).length).toBe(before + 1);
  });
});
