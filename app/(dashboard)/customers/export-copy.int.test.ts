import { beforeAll, describe, expect, it } from "vitest";
import { customers } from "@/db/schema";
import { databaseOnly, exportCsv, listExport } from "@/scripts/test/export-csv";
import { freshTestDatabase } from "@/scripts/test/database";

// The Customers list's CSV filtered by name, e-mail or phone: read from the sync's copy (asking the service would be
// the bug: it cannot filter by them), every matching customer, and a last transaction the copy does not keep said so.

const test = freshTestDatabase();

beforeAll(async () => {
  const row = (id: string, name: string, email: string, createdAt: string) => ({ mode: "test" as const, id, name, email, phone: "+50675112363", amountSpent: 1250, transactionsCount: 2, createdAt: new Date(createdAt) });
  await test.db.insert(customers).values([
    row("cus_a", "María José Rodríguez Pérez", "mj@gmail.com", "2026-11-20T16:00:00Z"),
    row("cus_b", "Rosa Rodríguez Marín", "rosa@gmail.com", "2026-11-19T16:00:00Z"),
    row("cus_c", "Ana Mora", "ana@gmail.com", "2026-11-18T16:00:00Z"),
  ]);
});

describe("customers CSV with a name filter", () => {
  it("writes every customer of the copy that matches, in the filter's words, newest first", async () => {
    const csv = await exportCsv("customers", databaseOnly(test.db), { query: { q: "rodriguez" } });
    expect(csv.total).toBe(2);
    expect(csv.header).toEqual(["Creado (America/Costa_Rica)", "Nombre", "Correo", "Teléfono", "Gastado", "Moneda", "Transacciones", "Última transacción (America/Costa_Rica)", "ID"]);
    expect(csv.rows.map((row) => [row[1], row[4], row[6], row[7], row[8]])).toEqual([
      ["María José Rodríguez Pérez", "12.50", "2", "No copiada", "cus_a"],
      ["Rosa Rodríguez Marín", "12.50", "2", "No copiada", "cus_b"],
    ]);
    const english = await exportCsv("customers", databaseOnly(test.db), { locale: "en", query: { q: "maria rodriguez", from: "2026-11-20" } });
    expect(english.rows.map((row) => [row[1], row[7]])).toEqual([["María José Rodríguez Pérez", "Not copied"]]);
  });

  it("refuses a filter longer than the list takes, as the page does", async () => {
    const response = await listExport("customers", databaseOnly(test.db), { query: { q: "a".repeat(101) } });
    expect(response.status).toBe(400);
  });
});
