import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { checkout } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseOnly, exportCsv } from "@/scripts/test/export-csv";

// The checkout sessions list's CSV, through the shared export route, from sessions that arrived as webhooks.

const test = freshTestDatabase();

async function paid(url: string, changes: Record<string, unknown>) {
  const event = checkout(url);
  const result = await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, ...changes } }));
  expect(result.status).toBe("processed");
}

describe("checkout sessions as CSV", () => {
  it("writes every recorded session the filters match, newest first, and says whether its lines add up", async () => {
    await paid("https://pay.example/cs_csv_1", { createdAt: "2026-11-20T15:00:00.000Z", metadata: { pedido: "ORD-1" } });
    await paid("https://pay.example/cs_csv_2", { createdAt: "2026-11-21T15:00:00.000Z", metadata: { pedido: "ORD-2" }, amountTotal: 2_750_000 });
    await paid("https://pay.example/cs_csv_3", { createdAt: "2026-11-21T16:00:00.000Z", paymentStatus: "unpaid", metadata: { pedido: "ORD-3" } });

    const all = await exportCsv("checkout-sessions", databaseOnly(test.db));
    expect(all.header).toEqual(["Creado (America/Costa_Rica)", "Estado", "Monto", "Moneda", "Cliente", "Correo del cliente", "ID de cliente", "Metadatos", "Líneas", "Las líneas suman el total", "URL de la sesión"]);
    expect(all.rows.map((row) => row[10])).toEqual(["https://pay.example/cs_csv_3", "https://pay.example/cs_csv_2", "https://pay.example/cs_csv_1"]);
    expect(all.rows[1]!.slice(1, 4)).toEqual(["paid", "27500.00", "CRC"]);
    expect(all.rows[1]![9]).toBe("false");
    expect(all.rows[2]![9]).toBe("true");

    const paidOnly = await exportCsv("checkout-sessions", databaseOnly(test.db), { query: { status: "paid", metadata: "ORD-2" } });
    expect(paidOnly.rows.map((row) => row[7])).toEqual(["pedido: ORD-2"]);
  });
});
