import { createRecordCounter } from "@/lib/csv/count-records";
import { EXPORT_INCOMPLETE_MARKER, EXPORT_TOTAL_HEADER, type ExportErrorBody } from "@/lib/export/names";

// Reads the export route's answer in the browser: counts rows as the bytes arrive (for the progress), keeps the bytes
// for the file, and turns every way it can go wrong into one ExportFailure. Nothing half-written is ever handed back:
// an aborted stream, or a last line that says the file is incomplete, is a failure, not a file.

export type ExportFailure =
  | { kind: "interrupted"; written: number }
  | { kind: "invalid_filter"; param: string }
  | { kind: "upstream"; messageKey: string; message?: string; detail?: string }
  | { kind: "busy" }
  | { kind: "session" }
  | { kind: "forbidden" }
  | { kind: "unknown" };

export class ExportFailed extends Error {
  constructor(readonly failure: ExportFailure) {
    super(`export failed: ${failure.kind}`);
  }
}

export type ReadExport = { blob: Blob; written: number; fileName: string };

/** The file name the server chose (Content-Disposition), else the list's name. */
export function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

async function failureOf(response: Response): Promise<ExportFailure> {
  if (response.status === 401) return { kind: "session" };
  if (response.status === 403) return { kind: "forbidden" };
  const body = (await response.json().catch(() => null)) as ExportErrorBody | null;
  if (body?.error === "invalid_filter" && typeof body.param === "string") return { kind: "invalid_filter", param: body.param };
  if (body?.error === "busy") return { kind: "busy" };
  if (body?.error === "upstream" && typeof body.messageKey === "string") return { kind: "upstream", messageKey: body.messageKey, message: typeof body.message === "string" ? body.message : undefined, detail: body.detail };
  return { kind: "unknown" };
}

/**
 * The whole export, with `onProgress(rows written, total)` after every piece. Throws ExportFailed, or the fetch's
 * AbortError when the operator cancels (the caller's signal).
 */
export async function readCsvExport(response: Response, fallbackName: string, onProgress: (written: number, total?: number) => void): Promise<ReadExport> {
  if (!response.ok || !response.body) throw new ExportFailed(await failureOf(response));
  const announced = Number(response.headers.get(EXPORT_TOTAL_HEADER) ?? NaN);
  const total = Number.isInteger(announced) && announced >= 0 ? announced : undefined;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const counter = createRecordCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let written = 0;
  let tail = "";
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // The operator's cancel surfaces here too: let the caller tell the two apart.
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ExportFailed({ kind: "interrupted", written });
    }
    if (next.done) break;
    chunks.push(new Uint8Array(next.value));
    const text = decoder.decode(next.value, { stream: true });
    tail = (tail + text).slice(-4096);
    // Records less the header line.
    written = Math.max(0, counter.push(text) - 1);
    onProgress(written, total);
  }
  if (tail.includes(`\n${EXPORT_INCOMPLETE_MARKER},`)) throw new ExportFailed({ kind: "interrupted", written: written - 1 });
  return { blob: new Blob(chunks, { type: "text/csv;charset=utf-8" }), written, fileName: fileNameOf(response, fallbackName) };
}
