"use client";
import Link from "next/link";
import { brandName, CardBrandIcon } from "@/components/card/card-brand";
import { CardExpiry } from "@/components/card/card-expiry";
import { StatusBadge } from "@/components/detail/status-badge";
import { Money } from "@/components/ui/money";
import { MISSING } from "@/components/ui/missing";
import { Time } from "@/components/ui/time";
import { formatDateTime, formatRelativeTime } from "@/lib/format/time";
import { createListTable, type ListColumnKit } from "@/app/(dashboard)/list-table";
import type { FailedRenewalRow } from "@/lib/renewals/row";
import { FollowUpCell } from "./follow-up";
import { failedRenewalsList } from "./list";
import { formatPhone } from "@/lib/format/phone";
import { paymentErrorText } from "@/lib/format/payment-error";

export const FAILURE_STATE_TONES = { retrying: "warning", exhausted: "danger", recovered: "success", closed: "neutral" } as const;

const link = "text-indigo-700 hover:underline";

/**
 * A closure by hand on the row: who and why, the note in full on hover. On a recovered row it is a record only (the
 * service's recovery won); "since" above already says when it was closed on a closed one.
 */
function Closure({ row, t }: { row: FailedRenewalRow; t: ListColumnKit<FailedRenewalRow>["t"] }) {
  if (!row.closedAt || !row.closeReason) return null;
  const reason = t(`failedRenewals.followUp.closeReasons.${row.closeReason}`);
  const said =
    row.state === "recovered"
      ? t("failedRenewals.closedEarlier", { reason })
      : row.closedByName
        ? t("failedRenewals.closedBy", { name: row.closedByName, reason })
        : t("failedRenewals.closedByNobody", { reason });
  return (
    <span className="block text-xs text-slate-700" data-testid="closure" title={row.closeNote ?? undefined}>
      {said}
      {row.closeNote && <span className="line-clamp-2 text-slate-500 italic">{row.closeNote}</span>}
    </span>
  );
}

/** The failed-renewals table: who to call, how much, why it failed, what happens next, and the follow-up. */
export const FailedRenewalsTable = createListTable(failedRenewalsList, ({ column, head, t, locale, timeZone }) => [
  column.display({
    ...head("customer"),
    cell: ({ row: { original: row } }) => (
      <div className="w-44 space-y-0.5">
        {row.customerId ? (
          <Link href={`/customers/${encodeURIComponent(row.customerId)}`} className={`block truncate font-medium ${link}`} title={row.customerName ?? undefined}>
            {row.customerName ?? row.customerId}
          </Link>
        ) : (
          <span className="block truncate font-medium text-slate-900" title={row.customerName ?? undefined}>{row.customerName ?? MISSING}</span>
        )}
        {row.customerEmail && (
          <a href={`mailto:${row.customerEmail}`} className={`block truncate text-xs ${link}`} title={row.customerEmail}>
            {row.customerEmail}
          </a>
        )}
        {row.customerPhone && (
          <a href={`tel:${row.customerPhone.replace(/[^\d+]/g, "")}`} className={`block text-xs ${link}`}>
            {formatPhone(row.customerPhone)}
          </a>
        )}
        {!row.customerEmail && !row.customerPhone && <span className="block text-xs text-slate-500">{t("failedRenewals.noContact")}</span>}
      </div>
    ),
  }),
  column.display({
    ...head("amount", "end"),
    cell: ({ row: { original: row } }) =>
      row.amount !== null && row.currency ? (
        <span data-testid="amount">
          <Money amount={row.amount} currency={row.currency} locale={locale} className="font-medium text-slate-900" />
        </span>
      ) : (
        <span className="text-xs whitespace-normal text-slate-500">{t("failedRenewals.amountUnknown")}</span>
      ),
  }),
  column.display({
    ...head("state"),
    cell: ({ row: { original: row } }) => (
      <div className="w-26 space-y-0.5 whitespace-normal" data-state={row.state}>
        <StatusBadge status={row.state} tones={FAILURE_STATE_TONES} label={(state) => t(`failedRenewals.states.${state}`)} />
        {row.stateChangedAt && (
          <span className="block text-xs text-slate-500" data-testid="state-since">
            {t("failedRenewals.since", { when: formatDateTime(row.stateChangedAt, locale, timeZone) })}
          </span>
        )}
        <Closure row={row} t={t} />
      </div>
    ),
  }),
  column.display({
    ...head("attempts"),
    cell: ({ row: { original: row } }) => (
      <div className="w-26 space-y-0.5 whitespace-normal">
        <span className="font-medium tabular-nums" data-testid="attempts">
          {row.attempts}
        </span>
        {row.lastAttemptAt && (
          <span className="block text-xs text-slate-500">
            {t("failedRenewals.lastAttemptAt")} <Time value={row.lastAttemptAt} locale={locale} timeZone={timeZone} inCell />
          </span>
        )}
      </div>
    ),
  }),
  column.display({
    ...head("nextAttempt"),
    cell: ({ row: { original: row } }) =>
      // Free to wrap (the time keeps its line): when the table is short of room, this column gives some up.
      row.state === "retrying" && row.nextAttemptAt ? (
        <div className="space-y-0.5 whitespace-normal">
          <Time value={row.nextAttemptAt} locale={locale} timeZone={timeZone} />
          {/* Relative to the moment of rendering: the server's and the browser's clocks differ by the page's age. */}
          <span className="block text-xs font-medium text-amber-700" data-testid="countdown" suppressHydrationWarning>
            {new Date(row.nextAttemptAt).getTime() >= Date.now()
              ? t("failedRenewals.countdownIn", { time: formatRelativeTime(row.nextAttemptAt, locale) })
              : t("failedRenewals.overdue", { time: formatRelativeTime(row.nextAttemptAt, locale) })}
          </span>
        </div>
      ) : row.state === "closed" && row.nextAttemptAt ? (
        // Closed here, still scheduled there: the service was not told, and a charge that succeeds makes it recovered.
        <span className="block text-xs whitespace-normal text-slate-500" data-testid="service-may-retry">
          {t("failedRenewals.serviceMayRetry", { time: formatDateTime(row.nextAttemptAt, locale, timeZone) })}
        </span>
      ) : row.state === "recovered" || row.state === "closed" ? (
        MISSING
      ) : (
        <span className="text-xs whitespace-normal text-slate-500">{t("failedRenewals.noRetry")}</span>
      ),
  }),
  column.display({
    ...head("error"),
    cell: ({ row: { original: row } }) => {
      // The service's message with its code named as one, muted under the decline's reason: the timeline's wording.
      const error = paymentErrorText(row.errorMessage, row.errorCode, t);
      return (
        <div className="w-40 space-y-0.5 text-xs whitespace-normal">
          {row.declineReason && <p className="text-sm text-slate-900">{t(`paymentErrors.decline.${row.declineReason}`)}</p>}
          {error && <p className="text-slate-500">{error}</p>}
        </div>
      );
    },
  }),
  // Secondary beside the page's main columns: left out at first so those and the follow-up fit a 1440 px screen; the
  // column menu shows them.
  column.display({
    ...head("card", undefined, { hiddenByDefault: true }),
    cell: ({ row: { original: row } }) =>
      row.card ? (
        <div className="space-y-0.5 text-xs whitespace-nowrap text-slate-600">
          <span className="flex items-center gap-2 text-sm text-slate-900">
            <CardBrandIcon brand={row.card.brand} />
            {row.card.brand ? brandName(row.card.brand) : MISSING}
          </span>
          <CardExpiry card={row.card} state={row.card.expiry} words={{ expires: t("failedRenewals.cardExpires"), expired: t("failedRenewals.cardExpired"), expiring: t("failedRenewals.cardExpiring") }} />
        </div>
      ) : (
        <span className="text-xs text-slate-500">{t("failedRenewals.noCard")}</span>
      ),
  }),
  column.display({
    ...head("links", undefined, { hiddenByDefault: true }),
    cell: ({ row: { original: row } }) => (
      <ul className="space-y-0.5 text-xs whitespace-nowrap">
        <li>
          <Link href={`/subscriptions/${encodeURIComponent(row.subscriptionId)}`} className={link}>
            {t("failedRenewals.links.subscription")}
          </Link>
        </li>
        {row.customerId && (
          <li>
            <Link href={`/customers/${encodeURIComponent(row.customerId)}`} className={link}>
              {t("failedRenewals.links.customer")}
            </Link>
          </li>
        )}
        {row.paymentIntentId && (
          <li>
            <Link href={`/payments/${encodeURIComponent(row.paymentIntentId)}`} className={link}>
              {t("failedRenewals.links.payment")}
            </Link>
          </li>
        )}
      </ul>
    ),
  }),
  // The page's main action, last and kept in view at the right edge while the other columns scroll (from md up; on a
  // phone it is the row's last cell, beside the reason).
  column.display({
    ...head("followUp", undefined, { sticky: "end" }),
    cell: ({ row: { original: row } }) => <FollowUpCell row={row} />,
  }),
]);
