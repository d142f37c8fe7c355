import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import type { LaterChange } from "@/db/queries/reconciliation-close";
import type { Translator } from "@/lib/i18n/server";

const th = "px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
const td = "px-4 py-2.5 text-sm text-slate-700 align-top";
const DECISIONS = ["confirmed", "rejected", "matched_by_hand", "accepted_unmatched", "undone"] as const;
const decisionKey = (action: string) => DECISIONS.find((d) => action === `reconciliation.${d}`);

/** Decisions inside the closed period made after it was closed: each had to give its reason, shown here. */
export function LaterChanges({ t, changes, time }: { t: Translator; changes: LaterChange[]; time: { locale: string; timeZone: string } }) {
  return (
    <Card data-testid="later-changes">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{t("reconciliationClose.laterChanges.title")}</h2>
        <p className="mt-0.5 text-sm text-slate-500">{t("reconciliationClose.laterChanges.description")}</p>
      </div>
      {changes.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">{t("reconciliationClose.laterChanges.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200">
            <thead>
              <tr>
                <th className={th}>{t("reconciliationClose.laterChanges.when")}</th>
                <th className={th}>{t("reconciliationClose.laterChanges.who")}</th>
                <th className={th}>{t("reconciliationClose.laterChanges.what")}</th>
                <th className={th}>{t("reconciliationClose.laterChanges.transfers")}</th>
                <th className={th}>{t("reconciliationClose.laterChanges.note")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {changes.map((c) => {
                const key = decisionKey(c.action);
                return (
                  <tr key={c.id}>
                    <td className={td}><Time value={c.at} {...time} /></td>
                    <td className={td}>{c.operatorName ?? c.actor}</td>
                    <td className={td}>
                      <span className="mr-2">{key ? t(`reconciliationClose.decisions.${key}`) : c.action}</span>
                      <Badge tone="warning">{t("reconciliationClose.laterChanges.flagged")}</Badge>
                    </td>
                    <td className={`${td} font-mono text-xs`}>
                      {c.refs.map((ref) => (
                        <a key={ref} href={`/transfers/${ref}`} className="block text-indigo-700 hover:underline">{ref}</a>
                      ))}
                    </td>
                    <td className={td}>{c.note}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
