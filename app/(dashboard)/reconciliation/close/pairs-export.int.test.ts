import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runReconciliation } from "@/db/queries/reconciliation";
import { listPeriodPairs } from "@/db/queries/reconciliation-close";
import type { Operator } from "@/db/schema";
import { csvRow } from "@/lib/csv/encode";
import { exportTranslator } from "@/lib/export/translator";
import { addOperator } from "@/lib/operators";
import { confirmSuggestion, matchByHand } from "@/lib/reconciliation/decisions";
import { periodOf } from "@/lib/reconciliation/periods";
import { addCustomer, addIntent, addTransfer, dayInEveryState, hoursAfter, matchesOf } from "@/lib/reconciliation/test-fixtures";
import { freshTestDatabase } from "@/scripts/test/database";
import { periodPairsExport } from "./pairs-export";

// The accountant's CSV of a period against real PostgreSQL: one row per transfer whose money arrived, in every state a
// transfer can be in, written exactly as before the query read each transfer's memberships through a lateral (it read
// them through `exists` tests, which PostgreSQL hashed over the whole member table for every page).

const test = freshTestDatabase();
const CR = "America/Costa_Rica";
const DAY = periodOf("day", "2026-11-18", CR); // the fixtures' T0 (15:00 UTC) is 09:00 that day in Costa Rica
const scope = { mode: "test" as const, currency: "CRC", start: DAY.start, end: DAY.end };
let olga: Operator;

beforeAll(async () => {
  olga = (await addOperator(test.db, { email: "olga@example.cr", name: "Olga Operadora", role: "operator" }, { operatorId: null, label: "test" })).operator;
});
beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_closures, reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
});

describe("the accountant's CSV", () => {
  /** The period's file as the export writes it, page by page (two rows a page here), each line as its cells. */
  async function csvLines(pageSize: number) {
    const prepared = periodPairsExport("2026-11-25").prepare(new URLSearchParams("kind=day&date=2026-11-18&currency=CRC"), {
      mode: "test", timeZone: CR, db: () => test.db, client: () => { throw new Error("the close never calls the service"); },
    }, exportTranslator("es"));
    if (!prepared.ok) throw new Error(prepared.param);
    const lines: string[] = [];
    let after: { at: string; ref: string } | undefined;
    for (;;) {
      const rows = await listPeriodPairs(test.db, scope, { limit: pageSize + 1, after });
      const items = rows.slice(0, pageSize);
      lines.push(...items.map((item) => csvRow(prepared.prepared.cells(item))));
      // The export's own paging reads the same rows (lib/export's EXPORT_PAGE_SIZE at a time).
      if (rows.length <= pageSize) break;
      after = { at: items.at(-1)!.paidAt.toISOString(), ref: items.at(-1)!.ref };
    }
    return lines;
  }

  it("writes every state's row as before: confirmed by a rule, by an operator and as a set, accepted, suggested, rejected, stray, by hand, not yet seen", async () => {
    const day = await dayInEveryState(test.db, olga);
    const setCustomer = await addCustomer(test.db, { name: "Sofía Vargas", phone: "+50688990000" });
    const setIntent = await addIntent(test.db, { customerId: setCustomer, amount: 3_000_000, createdAt: hoursAfter(-4) });
    const halves = [await addTransfer(test.db, { phone: "8899-0000", originId: null, amount: 1_000_000, at: hoursAfter(-3) }),
      await addTransfer(test.db, { phone: "8899-0000", originId: null, amount: 2_000_000, at: hoursAfter(-2) })];
    const byHand = await addTransfer(test.db, { amount: 64_000, name: "Pago viejo", at: hoursAfter(1) });
    await runReconciliation(test.db, "test");
    const setId = (await matchesOf(test.db)).find((m) => m.pid === setIntent && m.state === "suggested")!.id;
    expect((await confirmSuggestion(test.db, olga, { mode: "test", matchId: setId })).ok).toBe(true);
    const oldOrder = await addIntent(test.db, { amount: 64_000 });
    expect((await matchByHand(test.db, olga, { mode: "test", refs: [byHand], paymentIntentId: oldOrder, note: "Pedido de octubre" })).ok).toBe(true);
    const lateIntent = await addIntent(test.db, { amount: 77_700, status: "succeeded" });
    const late = await addTransfer(test.db, { amount: 77_700, paymentIntentId: lateIntent, at: hoursAfter(2) });

    // Names for what changes from run to run: references, intents, decision numbers and decision times.
    const names = new Map<string, string>([
      [day.linked, "linked"], [day.confirmed.ref, "confirmed"], [day.suggested.ref, "suggested"], [day.rejected.ref, "rejected"],
      [day.accepted, "accepted"], [day.stray, "stray"], [halves[0]!, "half1"], [halves[1]!, "half2"], [byHand, "byHand"], [late, "late"],
      [day.linkedIntent, "pi_linked"], [day.confirmed.pid, "pi_confirmed"], [day.suggested.pid, "pi_suggested"], [setIntent, "pi_set"], [oldOrder, "pi_byHand"], [lateIntent, "pi_late"],
    ]);
    const matchNames = new Map<string, string>();
    const lines = (await csvLines(2)).map((line) => {
      const cells = line.trimEnd().split(",");
      cells[0] = names.get(cells[0]!) ?? cells[0]!;
      cells[7] = names.get(cells[7]!) ?? cells[7]!;
      if (cells[10]) cells[10] = matchNames.get(cells[10]) ?? matchNames.set(cells[10], `m${matchNames.size + 1}`).get(cells[10])!;
      if (cells[13]) cells[13] = "(when)";
      return cells.join(",");
    });
    expect(lines).toEqual([
      "half1,2026-11-18 06:00:00,Persona Desconocida,8899-0000,10000.00,CRC,Confirmado,pi_set,30000.00,Pago en partes,m1,2,Olga Operadora,(when),",
      "half2,2026-11-18 07:00:00,Persona Desconocida,8899-0000,20000.00,CRC,Confirmado,pi_set,,Pago en partes,m1,2,Olga Operadora,(when),",
      "linked,2026-11-18 09:00:00,Persona Desconocida,7000-0000,10000.00,CRC,Confirmado,pi_linked,10000.00,Vinculado por el servicio,m2,1,,,",
      "confirmed,2026-11-18 09:00:00,Persona Desconocida,8811-1111,15000.00,CRC,Confirmado,pi_confirmed,15000.00,Mismo monto y remitente,m3,1,Olga Operadora,(when),",
      "suggested,2026-11-18 09:00:00,Persona Desconocida,8822-2222,22500.50,CRC,Con sugerencia,,,,,,,,",
      "rejected,2026-11-18 09:00:00,Persona Desconocida,8833-3333,7300.00,CRC,Sin coincidencia,,,,,,,,",
      "accepted,2026-11-18 09:00:00,Donante,7000-0000,3000.00,CRC,Aceptado sin coincidencia,,,Decisión de un operador,m4,1,Olga Operadora,(when),Donación",
      "stray,2026-11-18 09:00:00,Persona Desconocida,7000-0000,1250.25,CRC,Sin coincidencia,,,,,,,,",
      "byHand,2026-11-18 10:00:00,Pago viejo,7000-0000,640.00,CRC,Confirmado,pi_byHand,640.00,Decisión de un operador,m5,1,Olga Operadora,(when),Pedido de octubre",
      "late,2026-11-18 11:00:00,Persona Desconocida,7000-0000,777.00,CRC,Sin clasificar,,,,,,,,",
    ]);
  });
});
