import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { auditPages, countAudit, listAuditPage, type AuditFilters } from "@/db/queries/audit";
import { env } from "@/lib/env";
import { formatLocalTimestamp } from "@/lib/format/time";
import { createdAtRange } from "@/lib/list-params";
import { auditSubject } from "../audit-subject";
import { auditList, type AuditSearchParams } from "./list";
import { operatorFilter } from "./params";
import { auditActionText, auditWho, changesLine, modeText } from "./present";
import { toAuditRow, type AuditRow } from "./rows";

/** The URL's filters as the query's; the range is days in the operator's zone (lib/list-params, lib/calendar-day). */
export function toAuditFilters(state: AuditSearchParams, timeZone: string): AuditFilters {
  const range = createdAtRange(state.from, state.to, timeZone);
  const operator = operatorFilter(state.operator);
  return {
    ...(operator && { operator }),
    ...(state.action && { action: state.action }),
    ...(state.subject && { subjectType: state.subject }),
    ...(range?.gte && { from: new Date(range.gte) }),
    ...(range?.lt && { before: new Date(range.lt) }),
  };
}

/**
 * One page of the audit log, newest first, from this app's database, in every mode (operator changes have none; a row
 * says its mode). Next asks for the rows older than this page's last, Previous for those newer than its first; both at
 * once (a hand-edited link) starts over. The export pages on by id: rows written meanwhile are newer than its first
 * page, so the file is the log as it stood when it began. Only admins reach it: the page and the export route check.
 */
export const auditSource = defineListSource(auditList, {
  fetchPage: async ({ db, timeZone, counting }, state) => {
    const filters = toAuditFilters(state, timeZone);
    const [page, total] = await Promise.all([listAuditPage(db(), filters, { limit: state.limit, ...auditPages.ask(state) }), counting ? countAudit(db(), filters) : undefined]);
    return { items: page.items, ...auditPages.cursors(page), ...(total !== undefined && { total }) };
  },
  toRow: toAuditRow,
  // In words as the page shows them, with the codes beside for a search or support; the details as one line.
  exportColumns: (c, t) => {
    const zone = env().DEFAULT_TIME_ZONE;
    const column = (header: string, cell: (row: AuditRow) => string | number | null) => [{ header, cell }];
    return [
      column(`${t("audit.columns.at")} (${zone})`, (row) => formatLocalTimestamp(row.at, zone)),
      column(t("audit.columns.who"), (row) => auditWho(row, t).who),
      column(t("audit.columns.email"), (row) => auditWho(row, t).whoEmail),
      column(t("audit.columns.action"), (row) => auditActionText(row.action, t) ?? row.action),
      column(t("audit.columns.actionCode"), (row) => row.action),
      column(t("audit.columns.subject"), (row) => auditSubject(row, t)),
      column(t("audit.columns.subjectType"), (row) => row.subjectType),
      column(t("audit.columns.subjectId"), (row) => row.subjectId),
      column(t("audit.columns.mode"), (row) => modeText(row.mode, t)),
      column(t("audit.columns.changes"), (row) => changesLine(row, t)),
      c.fields("id"),
    ];
  },
});
