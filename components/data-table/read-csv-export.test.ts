import { describe, expect, it } from "vitest";
import { csvRow, CSV_BOM } from "@/lib/csv/encode";
import { EXPORT_INCOMPLETE_MARKER } from "@/lib/export/names";
import { ExportFailed, readCsvExport, type ExportFailure } from "./read-csv-export";

// The browser's side of an export, fed real Responses and streams: progress as pieces arrive, and a file is only
// ever handed back when the server finished it.

const encoder = new TextEncoder();
const header = CSV_BOM + csvRow(["Creado (America/Costa_Rica)", "Monto", "Moneda", "Descripción"]);
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => csvRow(["2026-11-21 04:23:45", "15000.00", "CRC", `línea ${from + i}\nsegunda, "línea"`])).join("");

/** A stream that hands out one piece per read, then closes or fails as a dropped connection does. */
function streamOf(pieces: string[], end: "close" | "error" = "close") {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(encoder.encode(pieces[next++]!));
      else if (end === "close") controller.close();
      else controller.error(new TypeError("network error"));
    },
  });
}

const csvResponse = (body: ReadableStream<Uint8Array>, total?: number) =>
  new Response(body, {
    headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="payments_2026-11-21_0423_America-Costa_Rica.csv"', ...(total !== undefined && { "x-export-total": String(total) }) },
  });

async function failureOf(promise: Promise<unknown>): Promise<ExportFailure> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ExportFailed)) throw new Error(`expected ExportFailed, got ${String(error)}`);
  return error.failure;
}

describe("readCsvExport", () => {
  it("counts rows (not line breaks inside fields) of the total as they arrive, and keeps the server's file name", async () => {
    const progress: [number, number | undefined][] = [];
    const result = await readCsvExport(csvResponse(streamOf([header, rows(0, 100), rows(100, 50)]), 150), "payments.csv", (written, total) => progress.push([written, total]));
    expect(progress).toEqual([[0, 150], [100, 150], [150, 150]]);
    expect(result.written).toBe(150);
    expect(result.fileName).toBe("payments_2026-11-21_0423_America-Costa_Rica.csv");
    expect(await result.blob.text()).toBe((header + rows(0, 100) + rows(100, 50)).slice(1));
  });

  it("reports an aborted stream as interrupted after the rows it got, and saves nothing", async () => {
    expect(await failureOf(readCsvExport(csvResponse(streamOf([header, rows(0, 100)], "error"), 300), "x.csv", () => {}))).toEqual({ kind: "interrupted", written: 100 });
  });

  it("reports a file whose last line says it is incomplete, even if the connection closed cleanly", async () => {
    const body = streamOf([header, rows(0, 100), csvRow([EXPORT_INCOMPLETE_MARKER, "Exportación incompleta", "HTTP 503"])]);
    expect(await failureOf(readCsvExport(csvResponse(body, 300), "x.csv", () => {}))).toEqual({ kind: "interrupted", written: 100 });
  });

  it("explains a refused export from its JSON answer", async () => {
    const json = (status: number, body: unknown) => Response.json(body, { status });
    expect(await failureOf(readCsvExport(json(400, { error: "invalid_filter", param: "status" }), "x.csv", () => {}))).toEqual({ kind: "invalid_filter", param: "status" });
    expect(await failureOf(readCsvExport(json(502, { error: "upstream", messageKey: "paymentErrors.unavailable", detail: "HTTP 503" }), "x.csv", () => {}))).toEqual({
      kind: "upstream",
      messageKey: "paymentErrors.unavailable",
      detail: "HTTP 503",
    });
    expect(await failureOf(readCsvExport(json(401, { error: "unauthorized" }), "x.csv", () => {}))).toEqual({ kind: "session" });
    const busy = { error: "busy", messageKey: "exportCsv.errors.busy", message: "Ya tienes otra exportación en curso" };
    expect(await failureOf(readCsvExport(json(429, busy), "x.csv", () => {}))).toEqual({ kind: "busy" });
    expect(await failureOf(readCsvExport(new Response("<html>", { status: 500 }), "x.csv", () => {}))).toEqual({ kind: "unknown" });
  });
});
