import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { getDb } from "@/db";
import { listDeferredIntents } from "@/db/queries/reconciliation-queues";
import { requireOperator } from "@/lib/auth/require-operator";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT, type Translator } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { reconcileHref } from "./href";

function waited(since: Date | null, t: Translator): string {
  if (!since) return "?";
  const hours = Math.max(0, Math.floor((Date.now() - since.getTime()) / 3_600_000));
  return hours >= 48 ? t("reconciliation.deferred.days", { count: Math.floor(hours / 24) }) : t("reconciliation.deferred.hours", { count: hours });
}

/** How many the queue page shows; /reconciliation/deferred shows up to DEFERRED_PAGE_LIMIT, the oldest first. */
const DEFERRED_PREVIEW = 10;
export const DEFERRED_PAGE_LIMIT = 100;

/**
 * Deferred payments: intents in `processing` still waiting for their money, oldest first, and what could be it. Under
 * the queues, the oldest few and a link to all of them (`whole`: the page of its own, /reconciliation/deferred).
 */
export async function DeferredPanel({ whole = false }: { whole?: boolean }) {
  await requireOperator("viewer");
  const limit = whole ? DEFERRED_PAGE_LIMIT : DEFERRED_PREVIEW;
  const [t, locale, { total, capped, rows }] = await Promise.all([getT(), getLocale(), getMode().then((mode) => listDeferredIntents(getDb(), mode, { limit }))]);
  const format = FORMAT_LOCALE[locale];
  // Counted up to DEFERRED_COUNT_CAP: past it, "more than 1,000", never a figure that looks exact.
  const more = capped || total > rows.length;
  return (
    <section aria-labelledby="deferred-title" className={whole ? undefined : "mt-8"}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="deferred-title" className={whole ? "sr-only" : "text-base font-semibold text-slate-900"}>
          {t("reconciliation.deferred.title")}
        </h2>
        <span className="text-sm text-slate-500">
          {capped
            ? t("reconciliation.deferred.showingOver", { shown: rows.length, count: total })
            : more
              ? t("reconciliation.deferred.showing", { shown: rows.length, count: total })
              : t("reconciliation.deferred.total", { count: total })}
        </span>
        {more && !whole && (
          <Link href="/reconciliation/deferred" className="text-sm font-medium text-indigo-600 hover:underline">
            {capped ? t("reconciliation.deferred.seeMore") : t("reconciliation.deferred.seeAll", { count: total })}
          </Link>
        )}
      </div>
      {!whole && <p className="mb-3 text-sm text-slate-500">{t("reconciliation.deferred.description")}</p>}
      {rows.length === 0 ? (
        <Card className="p-4 text-sm text-slate-500">{t("reconciliation.deferred.empty")}</Card>
      ) : (
        <Card className="divide-y divide-slate-100">
          {rows.map((intent) => (
            <div key={intent.id} data-deferred={intent.id} className="grid gap-2 p-4 text-sm sm:grid-cols-[1fr_1fr_2fr]">
              <div>
                <Link href={`/payments/${encodeURIComponent(intent.id)}`} className="font-mono text-xs text-indigo-600 hover:underline">
                  {intent.id}
                </Link>
                <div className="font-medium text-slate-900">{intent.amount !== null && intent.currency ? <Money amount={intent.amount} currency={intent.currency} locale={format} /> : "—"}</div>
                <div className="text-xs text-amber-700">{t("reconciliation.deferred.age", { age: waited(intent.createdAt, t) })}</div>
              </div>
              <div>
                <div className="text-xs text-slate-500">{t("reconciliation.deferred.customer")}</div>
                <div className="text-slate-800">{intent.customerName ?? intent.customerId ?? t("reconciliation.deferred.noCustomer")}</div>
              </div>
              <div>
                <div className="text-xs text-slate-500">{t("reconciliation.deferred.candidates")}</div>
                {intent.candidates.length === 0 && intent.sameAmount.length === 0 ? (
                  <div className="text-slate-500">{t("reconciliation.deferred.noCandidates")}</div>
                ) : (
                  <ul className="space-y-0.5">
                    {intent.candidates.map((candidate) => (
                      <li key={candidate.matchId}>
                        <Link href={reconcileHref(candidate.refs[0]!)} className="text-indigo-600 hover:underline">
                          {intent.currency && <Money amount={candidate.amount} currency={intent.currency} locale={format} />} ·{" "}
                          <span className="font-mono text-xs">{candidate.refs.join(" + ")}</span>
                        </Link>
                        {candidate.score !== null && <span className="ml-1 text-xs text-slate-500">({candidate.score}/100)</span>}
                      </li>
                    ))}
                    {intent.sameAmount.map((transfer) => (
                      <li key={transfer.ref}>
                        <Link href={reconcileHref(transfer.ref)} className="text-indigo-600 hover:underline">
                          <span className="font-mono text-xs">{transfer.ref}</span>
                        </Link>{" "}
                        <span className="text-xs text-slate-500">{t("reconciliation.deferred.sameAmount", { name: transfer.senderName ?? "—" })}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          ))}
        </Card>
      )}
    </section>
  );
}
