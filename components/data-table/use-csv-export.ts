"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { ExportFailed, readCsvExport, type ExportFailure } from "./read-csv-export";

/** Every state but idle remembers the export URL it was for: its message means nothing once the filters change. */
export type CsvExportState =
  | { phase: "idle" }
  | { phase: "running"; href: string; written: number; total?: number }
  | { phase: "done"; href: string; written: number }
  | { phase: "cancelled"; href: string }
  | { phase: "failed"; href: string; failure: ExportFailure };

/** Hands the finished file to the browser's download, from memory: the server streamed it, the page has it whole. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not now: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Exports one list from the given export URL: progress while it streams, cancel, and the file once it is whole. */
export function useCsvExport(list: string) {
  const [state, setState] = useState<CsvExportState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  // Leaving the page ends the export (and with it the server's paging).
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (href: string) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: "running", href, written: 0 });
      try {
        const response = await fetch(href, { signal: controller.signal, cache: "no-store" });
        const file = await readCsvExport(response, `${list}.csv`, (written, total) => {
          if (!controller.signal.aborted) setState({ phase: "running", href, written, total });
        });
        if (controller.signal.aborted) return;
        save(file.blob, file.fileName);
        setState({ phase: "done", href, written: file.written });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ phase: "failed", href, failure: error instanceof ExportFailed ? error.failure : { kind: "unknown" } });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [list],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState((current) => (current.phase === "running" ? { phase: "cancelled", href: current.href } : current));
  }, []);

  const dismiss = useCallback(() => setState({ phase: "idle" }), []);

  return { state, start, cancel, dismiss };
}
