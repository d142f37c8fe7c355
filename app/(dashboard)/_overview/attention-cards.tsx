import { ArrowDownLeft, RefreshCcw } from "lucide-react";
import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Money } from "@/components/ui/money";
import type { RenewalFailureSummary, UnreconciledTransfers } from "@/db/queries/overview";
import { formatDateTime, formatUtc } from "@/lib/format/time";
import { failedRenewalsHref, reconciliationHref } from "./links";
import { byCurrencyOrder } from "@/lib/format/currency-order";
import type { Translator } from "@/lib/i18n/server";

type Format = { locale: string; timeZone: string };

const label = "text-xs font-medium tracking-wide text-slate-500 uppercase";
const figureLink = (zero: boolean) => cn("text-2xl font-semibold tabular-nums hover:underline", zero ? "text-slate-500" : "text-indigo-700");

function AttentionCard(props: { id: string; icon: ComponentType<{ className?: string }>; tone: string; title: string; hint: string; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <Card role="region" aria-labelledby={props.id} className="p-4">
      <div className="flex items-center gap-2">
        <span className={cn("grid size-7 shrink-0 place-items-center rounded-full", props.tone)}>
          <Icon aria-hidden className="size-4" />
        </span>
        <h2 id={props.id} className="text-sm font-semibold text-slate-900">
          {props.title}
        </h2>
      </div>
      <p className="mt-1 text-xs text-slate-500">{props.hint}</p>
      <div className="mt-3">{props.children}</div>
    </Card>
  );
}

/** Money that arrived by SINPE and that no payment claims yet: what reconciliation has to work through. */
export function TransfersCard({ transfers, t, format }: { transfers: UnreconciledTransfers; t: Translator; format: Format }) {
  const count = transfers.byCurrency.reduce((sum, row) => sum + row.count, 0);
  const oldest = transfers.byCurrency.map((row) => row.oldest).reduce<Date | null>((min, d) => (!min || d < min ? d : min), null);
  return (
    <AttentionCard id="overview-transfers" icon={ArrowDownLeft} tone="bg-indigo-100 text-indigo-700" title={t("overview.transfers.title")} hint={t("overview.transfers.hint")}>
      <Link href={reconciliationHref()} title={t("overview.transfers.openList")} className={figureLink(count === 0)}>
        {t("overview.transfers.count", { count })}
      </Link>
      {count > 0 ? (
        <>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
            {byCurrencyOrder(transfers.byCurrency).map((row) => (
              <li key={row.currency}>
                <Money amount={BigInt(row.amount)} currency={row.currency} locale={format.locale} />
                {transfers.byCurrency.length > 1 && <span className="text-slate-500"> · {t("overview.transfers.count", { count: row.count })}</span>}
              </li>
            ))}
          </ul>
          {oldest && (
            <p className="mt-2 text-xs text-slate-500" title={formatUtc(oldest)}>
              {t("overview.transfers.oldest", { when: formatDateTime(oldest, format.locale, format.timeZone) })}
            </p>
          )}
          <Link href={reconciliationHref()} className="mt-2 inline-block text-sm font-medium text-indigo-600 hover:underline">
            {t("overview.transfers.reconcile")}
          </Link>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{transfers.anyReceived ? t("overview.transfers.allLinked") : t("overview.transfers.noneReceived")}</p>
      )}
    </AttentionCard>
  );
}

/** Renewals that failed and were not recovered: those the service still retries, and those it gave up on. */
export function RenewalsCard({ renewals, t, format }: { renewals: RenewalFailureSummary; t: Translator; format: Format }) {
  const { retrying, exhausted, nextAttempt } = renewals;
  return (
    <AttentionCard id="overview-renewals" icon={RefreshCcw} tone="bg-red-100 text-red-700" title={t("overview.renewals.title")} hint={t("overview.renewals.hint")}>
      <div className="grid grid-cols-2 gap-4">
        <div role="group" aria-label={t("overview.renewals.retrying")}>
          <p aria-hidden className={label}>{t("overview.renewals.retrying")}</p>
          <Link href={failedRenewalsHref("retrying")} title={t("overview.renewals.openRetrying")} className={figureLink(retrying === 0)}>
            {retrying}
          </Link>
          <p className="text-xs text-slate-500">{t("overview.renewals.retryingHint")}</p>
          {nextAttempt && (
            <p className="mt-1 text-xs text-slate-600" title={formatUtc(nextAttempt)}>
              {t("overview.renewals.nextAttempt", { when: formatDateTime(nextAttempt, format.locale, format.timeZone) })}
            </p>
          )}
        </div>
        <div role="group" aria-label={t("overview.renewals.exhausted")}>
          <p aria-hidden className={label}>{t("overview.renewals.exhausted")}</p>
          <Link href={failedRenewalsHref("exhausted")} title={t("overview.renewals.openExhausted")} className={figureLink(exhausted === 0)}>
            {exhausted}
          </Link>
          <p className="text-xs text-slate-500">{t("overview.renewals.exhaustedHint")}</p>
        </div>
      </div>
      {retrying + exhausted === 0 && <p className="mt-3 text-sm text-slate-500">{t("overview.renewals.none")}</p>}
      <Link href="/renewals/failed" className="mt-3 inline-block text-xs font-medium text-indigo-700 hover:underline">
        {t("failedRenewals.openFailed")}
      </Link>
    </AttentionCard>
  );
}
