import { insertAudit } from "@/db/queries/audit";
import { explainPaymentError } from "@/lib/payments/explain-error";
import { isPaymentServiceError } from "@/lib/payments/errors";
import { formatLocalTimestamp } from "@/lib/format/time";
import type { ExportContext, ListExport } from "./define";
import { EXPORT_LEASE_DEFAULTS, holdExportLease } from "./lease";
import { EXPORT_INCOMPLETE_MARKER, EXPORT_TOTAL_HEADER, EXPORT_ZONE_HEADER, type ExportErrorBody } from "./names";
import { startCsvExport } from "./stream";
import type { ExportT } from "./translator";

// The export route's answer, apart from the session (the route checks it): so that the integration test runs this
// very code against a real sandbox, without a Next.js request around it.

export type ExportRequest = {
  /** The list's name: the file's and the lease's. */
  name: string;
  list: ListExport;
  query: URLSearchParams;
  context: ExportContext;
  t: ExportT;
  signal?: AbortSignal;
  /** When the export was asked for (the file name's time); now by default. */
  now?: Date;
  /**
   * Whose export it is: one at a time per operator (a second is refused with 429), and one audit row per export.
   * Unset only in tests.
   */
  operator?: { id: string; email: string };
  /** The list the audit row names, when not `name` (the period close's file name also carries its period). */
  subject?: string;
  /** The lease's timing (tests shorten it). */
  lease?: typeof EXPORT_LEASE_DEFAULTS;
};

/** The audit log's action for an export (Settings words it: settings.auditActions.listExport). */
export const EXPORT_AUDIT_ACTION = "list.export";

/** Seconds the busy answer suggests waiting: about one export of a mid-sized list. */
const BUSY_RETRY_AFTER_S = 10;

const refuse = (status: number, body: ExportErrorBody, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

/** payments_2026-11-21_0423_America-Costa_Rica.csv: the list, when, and the zone its times are in. */
export function exportFileName(name: string, timeZone: string, now: Date): string {
  const stamp = formatLocalTimestamp(now, timeZone).slice(0, 16).replace(" ", "_").replace(":", "");
  return `${name}_${stamp}_${timeZone.replace(/[^A-Za-z0-9_+-]/g, "-")}.csv`;
}

/** Why a stream stopped, for the server log: the whole error (a database error's SQL and parameters included). */
function reason(error: unknown): string {
  if (isPaymentServiceError(error)) return explainPaymentError(error).detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a stream stopped, for whoever opens the file, in the operator's language: the Payment Service's failure explained
 * (its status and code, never a key or a URL's query), and anything else (a database error names its SQL and
 * parameters) only as a failure of this server, whose log has the real error.
 */
function reasonForFile(error: unknown, t: ExportT): string {
  if (!isPaymentServiceError(error)) return t("exportCsv.incompleteReason");
  const { messageKey, detail } = explainPaymentError(error);
  return detail ? `${t(messageKey)} (${detail})` : t(messageKey);
}

export async function exportResponse(request: ExportRequest): Promise<Response> {
  const { name, context, t } = request;
  const prepared = request.list.prepare(request.query, context, t);
  if (!prepared.ok) return refuse(400, { error: "invalid_filter", param: prepared.param });

  const { operator } = request;
  const lease = operator ? await holdExportLease(context.db(), operator.id, name, request.lease) : undefined;
  if (lease === null) {
    return refuse(429, { error: "busy", messageKey: "exportCsv.errors.busy", message: t("exportCsv.errors.busy") }, { "retry-after": String(BUSY_RETRY_AFTER_S) });
  }
  // A client that went away frees the operator at once, even if the stream is never pulled or cancelled again.
  request.signal?.addEventListener("abort", () => void lease?.release(), { once: true });
  const fetchPage = prepared.prepared.fetchPage;
  const paging = {
    ...prepared.prepared,
    fetchPage: async (cursor: string | undefined) => {
      lease?.touch();
      const page = await fetchPage(cursor);
      // Done with the service once the last page is in: the operator may start the next export as this one is written.
      if (!page.next) await lease?.release();
      return page;
    },
  };

  let started;
  try {
    started = await startCsvExport(paging, {
      signal: request.signal,
      incomplete: (written, error) => [EXPORT_INCOMPLETE_MARKER, t("exportCsv.incompleteLine", { count: written }), reasonForFile(error, t)],
      onEnd: ({ status, written, error }) => {
        void lease?.release();
        if (status === "failed") console.error(`[export] ${name} (${context.mode}) stopped after ${written} rows: ${reason(error)}`);
      },
    });
  } catch (error) {
    await lease?.release();
    if (!isPaymentServiceError(error)) throw error;
    const { messageKey, detail } = explainPaymentError(error);
    // The words too: list pages do not ship every failure's explanation to the browser (components/data-table/error-state).
    return refuse(502, { error: "upstream", messageKey, message: t(messageKey), ...(detail && { detail }) });
  }

  // A whole list leaving the building leaves a trace: who, which list, in which mode, with which filters (never a row).
  // Written once the first page is in and before a byte goes out, so an export refused (400, 429, 502) leaves none and
  // no file leaves without one: if the row cannot be written, the export does not start (the route's 503 or 500).
  if (operator) {
    try {
      await insertAudit(context.db(), {
        operatorId: operator.id, actor: operator.email, action: EXPORT_AUDIT_ACTION, subjectType: "list", subjectId: request.subject ?? name, mode: context.mode,
        before: null, after: { filters: prepared.prepared.filters, ...(started.total !== undefined && { total: started.total }) },
      });
    } catch (error) {
      await started.body.cancel().catch(() => {});
      await lease?.release();
      throw error;
    }
  }

  const headers = new Headers({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${exportFileName(name, context.timeZone, request.now ?? new Date())}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    [EXPORT_ZONE_HEADER]: context.timeZone,
  });
  if (started.total !== undefined) headers.set(EXPORT_TOTAL_HEADER, String(started.total));
  return new Response(started.body, { headers });
}
