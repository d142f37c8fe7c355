import { CSV_BOM, csvRow, type CsvCell } from "@/lib/csv/encode";
import type { PreparedExport } from "./define";

// The export as a byte stream: one API page per pull, written as soon as it arrives, so memory holds a page or two
// whatever the list's size, and a reader that stops reading stops the paging (backpressure). A failure after the
// first page cannot change the status any more: the stream writes a last line saying the file is incomplete and then
// errors, which aborts the response, so no client mistakes a cut-short file for a whole one.

export type CsvExportOptions = {
  /** The last line of a file that stopped early, from the rows written and the error. */
  incomplete: (written: number, error: unknown) => CsvCell[];
  /** The request's: a client that went away stops the paging at the next page. */
  signal?: AbortSignal;
  /** Told how a started export ended, for the server log. */
  onEnd?: (outcome: { status: "complete" | "cancelled" | "failed"; written: number; error?: unknown }) => void;
};

export type CsvExport = { total?: number; body: ReadableStream<Uint8Array> };

/**
 * Fetches the first page before answering, so an export that cannot start gets an HTTP error and the one that can
 * announces the list's total; then follows each page's next cursor to the end of the list.
 */
export async function startCsvExport(prepared: PreparedExport, options: CsvExportOptions): Promise<CsvExport> {
  const first = await prepared.fetchPage(undefined);
  const encoder = new TextEncoder();
  const followed = new Set<string>();
  let pending: typeof first | undefined = first;
  let cursor = first.next;
  let written = 0;
  let stopped = false;
  let failure: { error: unknown } | undefined;

  const end = (status: "complete" | "cancelled" | "failed", error?: unknown) => {
    if (stopped) return;
    stopped = true;
    options.onEnd?.({ status, written, error });
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(prepared.header)));
    },
    async pull(controller) {
      if (failure) {
        // Errored only once the incomplete line has been read (error() drops what is still queued), and a moment
        // later: Node sends a chunk written to the response on its next tick, and the error destroys the socket.
        const { error } = failure;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return controller.error(error);
      }
      try {
        if (!pending) {
          if (options.signal?.aborted) {
            // Errored, not closed: whoever may still be reading must not take what came so far for the whole list.
            controller.error(new Error("the export was cancelled"));
            return end("cancelled");
          }
          // Always set here: the stream is closed as soon as a page comes without one.
          const next = cursor!;
          // A service that hands back a cursor it already gave would loop forever and write the same rows again.
          if (followed.has(next)) throw new Error(`the list's cursor ${next} came back a second time`);
          followed.add(next);
          pending = await prepared.fetchPage(next);
          cursor = pending.next;
          if (stopped) return;
        }
        const page = pending;
        pending = undefined;
        controller.enqueue(encoder.encode(page.items.map((item) => csvRow(prepared.cells(item))).join("")));
        written += page.items.length;
        if (!cursor) {
          controller.close();
          end("complete");
        }
      } catch (error) {
        if (stopped) return;
        controller.enqueue(encoder.encode(csvRow(options.incomplete(written, error))));
        failure = { error };
        end("failed", error);
      }
    },
    cancel() {
      end("cancelled");
    },
    // No read-ahead: a page is fetched when the reader asks for it, so a slow reader holds the paging back, and the
    // incomplete line is taken (and written) before the stream errors on the next read.
  }, { highWaterMark: 0 });
  return { total: first.total, body };
}
