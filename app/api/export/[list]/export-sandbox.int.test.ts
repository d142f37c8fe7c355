import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { listMobileTransfers } from "@/lib/payments/mobile-transfers";
import { listPaymentIntents } from "@/lib/payments/payment-intents";
import { CONFORMANCE_SEED, SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";
import { freshTestDatabase } from "@/scripts/test/database";
import { listExport, readCsvExport } from "@/scripts/test/export-csv";
import { parseCsv } from "@/scripts/test/read-csv";
import type { ExportContext } from "@/lib/export/define";
import { EXPORT_INCOMPLETE_MARKER, EXPORT_TOTAL_HEADER } from "@/lib/export/names";

// The export route's code (everything but the session check) against a real sandbox over HTTP: every page of 100,
// each row once, the total announced up front, and an upstream that fails half-way makes a visibly broken file.

const ZONE = "America/Costa_Rica";
// Empty: the marketplace list reads the sync's copy once one is complete, and the API until then (here).
const database = freshTestDatabase();
let sandbox: RunningSandbox;
let requests = 0;

const start = () => startSandbox({ port: 0, ...CONFORMANCE_SEED, dataDir: null, keys: SANDBOX_TEST_KEYS, webhooks: {} });

/** A client of the sandbox that counts the requests it makes (with the real fetch). */
function clientOf(running: RunningSandbox, key = SANDBOX_TEST_KEYS.secret.test): PaymentClient {
  return createPaymentClient({
    baseUrl: running.url,
    secretKey: key,
    logger: () => {},
    fetch: (input, init) => {
      requests++;
      return fetch(input, init);
    },
  });
}

function contextFor(client: PaymentClient): ExportContext {
  return { mode: "test", timeZone: ZONE, client: () => client, db: () => database.db };
}

function exportList(name: string, query: Record<string, string>, client = clientOf(sandbox)) {
  return listExport(name, contextFor(client), { query, now: new Date("2026-11-21T10:23:00Z") });
}

beforeAll(async () => {
  sandbox = await start();
});
afterAll(async () => {
  await sandbox.stop();
});

describe("CSV export from the sandbox", () => {
  it("writes every payment intent of a multi-page list exactly once, as many rows as the announced total", async () => {
    requests = 0;
    const response = await exportList("payments", { limit: "10", startingAfter: "ignored" });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="payments_2026-11-21_0423_America-Costa_Rica.csv"');
    const { header, rows, total } = await readCsvExport(response);
    expect(total).toBeGreaterThan(300);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.at(-1))).size).toBe(total);
    // 100 a call: the page's own size and cursor do not matter to an export.
    expect(requests).toBe(Math.ceil(total / 100));
    expect(header).toEqual([
      "Creado (America/Costa_Rica)", "Monto", "Moneda", "Estado", "Cliente", "Correo del cliente", "Descripción", "Método", "ID",
    ]);
  });

  it("keeps the page's filters, and writes amounts in major units and times in the named zone", async () => {
    const { header, rows, total } = await readCsvExport(await exportList("payments", { status: "succeeded", from: "2026-09-01", to: "2026-10-15" }));
    const client = clientOf(sandbox);
    const bounds = { gte: "2026-09-01T06:00:00.000Z", lt: "2026-10-16T06:00:00.000Z" };
    const expected = await listPaymentIntents(client, { limit: 100, status: "succeeded", createdAt: bounds });
    expect(total).toBe(expected.total);
    expect(total).toBeGreaterThan(100);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(["succeeded"]));

    const known = expected.items[0]!;
    const row = rows.find((cells) => cells.at(-1) === known.id)!;
    const cents = known.amount;
    expect(row[1]).toBe(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
    expect(row[2]).toBe(known.currency.toUpperCase());
    const local = new Date(Date.parse(known.createdAt) - 6 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
    expect(row[0]).toBe(local);
    expect(header[0]).toBe("Creado (America/Costa_Rica)");
  });

  it("follows the transfers list's hasMore cursors and the renewals list's own cursor names to the end", async () => {
    const transfers = await readCsvExport(await exportList("transfers", {}));
    const firstPage = await listMobileTransfers(clientOf(sandbox), { limit: 100 });
    expect(transfers.total).toBe(firstPage.total);
    expect(transfers.total).toBeGreaterThan(200);
    expect(transfers.rows).toHaveLength(transfers.total);
    expect(new Set(transfers.rows.map((row) => row.at(-1))).size).toBe(transfers.total);

    const renewals = await readCsvExport(await exportList("renewals", { status: "paid" }));
    expect(renewals.total).toBeGreaterThan(100);
    expect(renewals.rows).toHaveLength(renewals.total);
    expect(new Set(renewals.rows.map((row) => row.at(-1))).size).toBe(renewals.total);
  });

  it("exports every other list whole, with its header first", async () => {
    for (const name of ["customers", "subscriptions", "marketplace", "products"] as const) {
      const { header, rows, total } = await readCsvExport(await exportList(name, {}));
      expect(rows, name).toHaveLength(total);
      expect(new Set(rows.map((row) => row.at(-1))).size, name).toBe(total);
      expect(header.at(-1), name).toBe("ID");
      for (const row of rows) expect(row, name).toHaveLength(header.length);
    }
  });

  it("reads a link's filters as the page does: an unknown status is no filter, a short SINPE reference is refused", async () => {
    const unknown = await readCsvExport(await exportList("payments", { status: "settled" }));
    const all = await listPaymentIntents(clientOf(sandbox), { limit: 1 });
    expect(unknown.total).toBe(all.total);
    expect(unknown.rows).toHaveLength(unknown.total);
    const reference = await exportList("transfers", { reference: "12345" });
    expect(reference.status).toBe(400);
    expect(await reference.json()).toEqual({ error: "invalid_filter", param: "reference" });
  });

  it("answers an upstream refusal of the first page with an explained error, not a file", async () => {
    const response = await exportList("customers", {}, clientOf(sandbox, "svc_test_secret_key_not_a_real_one"));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: "upstream", messageKey: expect.stringMatching(/^paymentErrors\./) });
  });

  it("stops asking the service for pages when the reader goes away", async () => {
    requests = 0;
    const response = await exportList("payments", {});
    const reader = response.body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first page
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toBeLessThanOrEqual(3);
  });
});

describe("an upstream failure in the middle of an export", () => {
  it("ends the file with an incomplete line and errors the stream instead of closing it", async () => {
    const failing = await start();
    const response = await exportList("payments", {}, clientOf(failing));
    const total = Number(response.headers.get(EXPORT_TOTAL_HEADER));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (let chunks = 0; chunks < 2; chunks++) text += decoder.decode((await reader.read()).value, { stream: true });
    await failing.stop();

    const outcome = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "closed";
        text += decoder.decode(value, { stream: true });
      }
    })().catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);

    const records = parseCsv(text);
    const last = records.at(-1)!;
    expect(last[0]).toBe(EXPORT_INCOMPLETE_MARKER);
    expect(last[1]).toMatch(/^Exportación incompleta: se detuvo después de \d+ filas/);
    const written = records.length - 2;
    expect(written).toBeGreaterThanOrEqual(100);
    expect(written).toBeLessThan(total);
  });
});
