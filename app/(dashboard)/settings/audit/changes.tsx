"use client";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { AuditTableRow } from "./present";

/**
 * A row's before and after, on demand: a disclosure whose panel lists each field by name with its value before and
 * after (changed ones marked), never a JSON document. Secrets were hidden on the server, before the row left it.
 */
export function AuditChanges({ row }: { row: Pick<AuditTableRow, "id" | "changes" | "moreChanges"> }) {
  const t = useTranslations("audit");
  if (row.changes.length === 0) return <span className="text-xs text-slate-400">{t("noChanges")}</span>;
  const hasBefore = row.changes.some((change) => change.before !== null);
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer rounded text-indigo-700 select-none hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
        {t("showChanges")}
      </summary>
      <table className="mt-2 w-full max-w-[36rem] text-xs whitespace-normal" aria-label={t("changesOf", { id: row.id })}>
        <thead>
          <tr className="text-left text-slate-500">
            <th scope="col" className="py-1 pr-3 font-medium">{t("field")}</th>
            {hasBefore && <th scope="col" className="py-1 pr-3 font-medium">{t("before")}</th>}
            <th scope="col" className="py-1 font-medium">{t("after")}</th>
          </tr>
        </thead>
        <tbody>
          {row.changes.map((change) => (
            <tr key={change.field} className={cn("border-t border-slate-100 align-top", change.changed && "bg-amber-50")}>
              <th scope="row" className={cn("py-1 pr-3 text-left font-normal text-slate-600", change.code && "font-mono")}>{change.field}</th>
              {hasBefore && <td className="py-1 pr-3 break-words text-slate-500">{change.before ?? t("empty")}</td>}
              <td className={cn("py-1 break-words text-slate-800", change.changed && "font-semibold")}>{change.after ?? t("empty")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {row.moreChanges > 0 && <p className="mt-1 text-xs text-slate-500">{t("cutShort", { count: row.moreChanges })}</p>}
    </details>
  );
}
