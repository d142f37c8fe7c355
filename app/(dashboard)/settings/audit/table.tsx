"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import Link from "next/link";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { LinesCell } from "@/components/data-table/common-columns";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { unpackRows } from "@/components/data-table/packed-rows";
import { Badge } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import { AuditChanges } from "./changes";
import { saveAuditColumnsAction } from "./actions";
import type { AuditTableRow } from "./present";

const column = dataTableColumnHelper<AuditTableRow>();
const rowId = (row: AuditTableRow) => String(row.id);

/** The audit log's table: the list table every list uses, with this log's columns; its rows come worded from the server. */
export function AuditTable(props: ListTableData<AuditTableRow>) {
  const t = useTranslations();
  const { formatLocale: locale, timeZone } = props;
  const rows = useMemo(() => unpackRows(props.rows), [props.rows]);
  const columns = useMemo((): DataTableColumn<AuditTableRow>[] => {
    const head = (id: "at" | "who" | "action" | "subject" | "mode" | "changes", more: { hiddenByDefault?: boolean } = {}) => ({ id, header: t(`audit.columns.${id}`), meta: { label: t(`audit.columns.${id}`), ...more } });
    return [
      column.display({ ...head("at"), cell: ({ row }) => <Time value={row.original.at} locale={locale} timeZone={timeZone} inCell /> }),
      // What second, so that on a phone when and what are on screen without scrolling the table sideways.
      column.display({
        ...head("action"),
        // The words, and the stored code beneath (what support or a search of the log asks for), or the code alone.
        cell: ({ row }) => <LinesCell className="max-w-72" first={row.original.actionText ?? <span className="font-mono text-xs">{row.original.action}</span>} second={row.original.actionText ? <span className="font-mono">{row.original.action}</span> : null} />,
      }),
      column.display({
        ...head("who"),
        // The name as the rest of the app shows operators; the e-mail beneath and on hover.
        cell: ({ row }) => <LinesCell className="max-w-48" first={row.original.who} firstTitle={row.original.whoEmail ?? row.original.who} second={row.original.whoEmail} />,
      }),
      column.display({
        ...head("subject"),
        cell: ({ row }) => {
          const { subjectText, subjectHref, otherMode, modeText } = row.original;
          if (subjectHref)
            return (
              <Link href={subjectHref} prefetch={false} className="block w-60 font-medium break-words whitespace-normal text-indigo-700 hover:underline" title={subjectText}>
                {subjectText}
              </Link>
            );
          return (
            <span className="block w-60 break-words whitespace-normal" title={otherMode && modeText ? `${subjectText} — ${t("audit.otherMode", { mode: modeText })}` : subjectText}>
              {subjectText}
            </span>
          );
        },
      }),
      column.display({
        ...head("mode"),
        cell: ({ row }) => (row.original.modeText ? <Badge tone={row.original.mode === "live" ? "success" : "warning"}>{row.original.modeText}</Badge> : null),
      }),
      column.display({ ...head("changes"), cell: ({ row }) => <AuditChanges row={row.original} /> }),
    ];
  }, [t, locale, timeZone]);
  return (
    <ListTable
      {...props}
      rows={rows}
      saveColumnVisibility={saveAuditColumnsAction}
      caption={t("audit.caption")}
      columns={columns}
      getRowId={rowId}
      emptyTitle={t("audit.emptyTitle")}
      emptyBody={t("audit.emptyBody")}
      formatTotal={(count) => t("audit.total", { count })}
    />
  );
}
