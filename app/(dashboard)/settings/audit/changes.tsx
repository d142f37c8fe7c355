"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { Modal } from "@/components/ui/modal";
import type { AuditTableRow } from "./present";

/**
 * A row's before and after, on demand: a button that opens the app's dialog with each field by name and its value
 * before and after (changed ones marked), never a JSON document. Secrets were hidden on the server, before the row
 * left it; the dialog's content exists only while it is open.
 */
export function AuditChanges({ row }: { row: Pick<AuditTableRow, "id" | "changes" | "moreChanges" | "action" | "actionText" | "subjectText" | "who"> }) {
  const t = useTranslations("audit");
  const [open, setOpen] = useState(false);
  if (row.changes.length === 0) return <span className="text-xs text-slate-500">{t("noChanges")}</span>;
  const hasBefore = row.changes.some((change) => change.before !== null);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // relative: keeps the screen-reader text inside the table's scroll box (absolute, it widened the page).
        className="relative rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {t("showChanges")}
        {/* Named by its row for a screen reader's list of buttons, the visible words first (axe: label-content-name-mismatch). */}
        <span className="sr-only">
          {" "}
          {t("changesOf", { id: row.id })}
        </span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={row.actionText ?? row.action} className="max-w-2xl">
        {open && (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">
              {row.who} · {row.subjectText}
            </p>
            <div className="max-h-[60vh] overflow-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{`${t("showChanges")} ${t("changesOf", { id: row.id })}`}</caption>
                <thead>
                  <tr className="text-left text-xs text-slate-500">
                    <th scope="col" className="py-1.5 pr-3 font-medium">{t("field")}</th>
                    {hasBefore && <th scope="col" className="py-1.5 pr-3 font-medium">{t("before")}</th>}
                    <th scope="col" className="py-1.5 font-medium">{t("after")}</th>
                  </tr>
                </thead>
                <tbody>
                  {row.changes.map((change) => (
                    <tr key={change.field} className={cn("border-t border-slate-100 align-top", change.changed && "bg-amber-50")}>
                      <th scope="row" className={cn("py-1.5 pr-3 text-left font-normal text-slate-600", change.code && "font-mono text-xs")}>{change.field}</th>
                      {hasBefore && <td className="py-1.5 pr-3 wrap-anywhere text-slate-500">{change.before ?? t("empty")}</td>}
                      <td className={cn("py-1.5 wrap-anywhere text-slate-900", change.changed && "font-semibold")}>{change.after ?? t("empty")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {row.moreChanges > 0 && <p className="text-xs text-slate-500">{t("cutShort", { count: row.moreChanges })}</p>}
          </div>
        )}
      </Modal>
    </>
  );
}
