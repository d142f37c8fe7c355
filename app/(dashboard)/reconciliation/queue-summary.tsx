import Link from "next/link";
import { Notice } from "@/components/detail/notice";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Money } from "@/components/ui/money";
import { getDb } from "@/db";
import { getUnreconciledTransfers } from "@/db/queries/overview";
import { queueSummary, type QueueSummary } from "@/db/queries/reconciliation-queues";
import { requireOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { formatCount } from "@/lib/format/time";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { listHref } from "@/lib/list-filters";
import { getMode } from "@/lib/mode";
import { AGE_BUCKETS, RECONCILIATION_QUEUES } from "@/lib/reconciliation/reasons";
import { reconciliationList, type ReconciliationState } from "./list";
import { RunRulesButton } from "./run-rules-button";
import { queueOf } from "./source";

const href = (state: { queue?: string; currency?: string; age?: string }) => listHref("/reconciliation", reconciliationList.filters, state);

/**
 * Above the queue: whose record this is, each queue's count, money per currency and ageing (each a link into the
 * queue, filtered), and an operator's tools. The figures are every row of the mode, whatever the filters below say.
 */
export async function QueueSummaryPanel({ state }: { state: ReconciliationState }) {
  const operator = await requireOperator("viewer");
  const mode = await getMode();
  const [t, locale, summary, open] = await Promise.all([getT(), getLocale(), queueSummary(getDb(), mode), getUnreconciledTransfers(getDb(), { mode })]);
  const format = FORMAT_LOCALE[locale];
  const current = queueOf(state);
  const canDecide = hasRole(operator.role, "operator");
  // The Overview's figure (each transfer still to reconcile, once) split into the two queues that hold them: Unmatched
  // counts transfers, Suggested counts suggestions, and a transfer with several candidate payments is in several.
  const total = (queue: string) => summary.filter((row) => row.queue === queue).reduce((sum, row) => sum + row.count, 0);
  const openCount = open.byCurrency.reduce((sum, row) => sum + row.count, 0);
  const unmatched = total("unmatched");
  const suggestions = total("suggested");
  const withSuggestions = Math.max(0, openCount - unmatched);
  // The Suggested card's money is its transfers', each once (a suggestion per candidate payment would count a transfer's
  // money as often as it has candidates): the open transfers' money, less the Unmatched queue's, per currency.
  const suggestedMoney = open.byCurrency
    .map((row) => {
      const none = summary.find((other) => other.queue === "unmatched" && other.currency === row.currency);
      return { currency: row.currency, amount: BigInt(row.amount) - BigInt(none?.amount ?? 0), transfers: row.count - (none?.count ?? 0) };
    })
    .filter((row) => row.transfers > 0);
  return (
    <>
      <Notice tone="info" title={t("reconciliation.ownRecordTitle")}>
        {t("reconciliation.ownRecord")}
      </Notice>
      <p className="mb-2 text-sm text-slate-700" data-testid="open-transfers">
        {t("reconciliation.openTransfers", { count: openCount, suggested: withSuggestions, unmatched })}
        {suggestions > withSuggestions && <span className="text-slate-500"> {t("reconciliation.severalCandidates", { matches: suggestions })}</span>}
      </p>
      <section aria-label={t("reconciliation.summaryTitle")} className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {RECONCILIATION_QUEUES.map((queue) => {
          const rows = summary.filter((row) => row.queue === queue);
          const count = rows.reduce((sum, row) => sum + row.count, 0);
          const ageing = (bucket: keyof QueueSummary["ageing"]) => rows.reduce((sum, row) => sum + row.ageing[bucket], 0);
          return (
            <Card key={queue} className={cn("p-4", queue === current && "ring-2 ring-indigo-500")}>
              <Link href={href({ queue })} aria-current={queue === current ? "page" : undefined} className="block hover:underline">
                <h2 className="text-sm font-semibold text-slate-900">{t(`reconciliation.queues.${queue}`)}</h2>
                <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid={`queue-count-${queue}`}>
                  {formatCount(count, format)}
                </p>
              </Link>
              <p className="text-xs text-slate-500">{t(`reconciliation.queueHint.${queue}`)}</p>
              <ul className="mt-2 space-y-0.5 text-sm">
                {rows.length === 0 && <li className="text-slate-500">{t("reconciliation.nothing")}</li>}
                {queue === "suggested"
                  ? suggestedMoney.map((row) => (
                      <li key={row.currency} data-testid={`suggested-money-${row.currency}`}>
                        <Link href={href({ queue, currency: row.currency })} className="hover:underline">
                          <Money amount={row.amount} currency={row.currency} locale={format} />{" "}
                          <span className="text-xs text-slate-500">{t("reconciliation.inTransfers", { count: row.transfers })}</span>
                        </Link>
                      </li>
                    ))
                  : rows.map((row) => (
                      <li key={row.currency}>
                        <Link href={href({ queue, currency: row.currency })} className="hover:underline">
                          <Money amount={row.amount} currency={row.currency} locale={format} /> <span className="text-xs text-slate-500">({formatCount(row.count, format)})</span>
                        </Link>
                      </li>
                    ))}
              </ul>
              {count > 0 && (
                <ul className="mt-3 grid grid-cols-4 gap-1 text-center text-xs" aria-label={t("reconciliation.ageing")}>
                  {AGE_BUCKETS.map((bucket) => (
                    <li key={bucket}>
                      <Link href={href({ queue, age: bucket })} title={t(`reconciliation.ages.${bucket}`)} className="block rounded bg-slate-50 px-1 py-1 hover:bg-slate-100">
                        <span className="block whitespace-nowrap text-slate-500">{t(`reconciliation.agesShort.${bucket}`)}</span>
                        <span className={cn("block font-semibold tabular-nums", bucket === "over7d" && ageing(bucket) > 0 ? "text-amber-700" : "text-slate-800")}>{formatCount(ageing(bucket), format)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          );
        })}
      </section>
      {canDecide ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <RunRulesButton />
          <Link href="/reconciliation/bulk" className="text-sm font-medium text-indigo-600 hover:underline">
            {t("reconciliation.bulkLink")}
          </Link>
        </div>
      ) : (
        <p className="mb-4 text-sm text-slate-500">{t("reconciliation.viewOnly")}</p>
      )}
    </>
  );
}
