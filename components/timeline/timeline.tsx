import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { StatusBadge } from "@/components/detail/status-badge";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Time } from "@/components/ui/time";
import type { HistoryEntry, TimelineEntry } from "@/db/queries/timeline";
import { formatDateTime } from "@/lib/format/time";
import { formatMoney } from "@/lib/format/money";
import { paymentErrorText } from "@/lib/format/payment-error";
import type { Translator } from "@/lib/i18n/server";
import { eventTypeName } from "@/lib/webhooks/names";
import { EVENT_STATUS_TONES, eventLookOf } from "./event-look";
import { describeOperatorAction } from "./operator-action";

// Where the events console, the Overview and the detail pages have always found them.
export { EVENT_STATUS_TONES, FALLBACK, LOOK } from "./event-look";

function describe(entry: TimelineEntry, t: Translator, locale: string, timeZone: string): { title: string; detail: string[]; named: boolean } {
  const name = eventTypeName(t, entry.type);
  const title =
    name === null ? t("timeline.unknown", { type: entry.type ?? "?" }) : entry.attemptCount ? t("timeline.withAttempt", { name, attempt: entry.attemptCount }) : name;
  const detail: string[] = [];
  if (entry.amount && entry.currency && /^-?\d+$/.test(entry.amount)) detail.push(formatMoney(BigInt(entry.amount), entry.currency, locale));
  if (entry.counterparty) detail.push(t("timeline.from", { name: entry.counterparty }));
  const error = paymentErrorText(entry.errorMessage, entry.errorCode, t);
  if (error) detail.push(error);
  if (entry.retries) {
    detail.push(entry.nextAttempt ? t("timeline.nextAttempt", { when: formatDateTime(entry.nextAttempt, locale, timeZone) }) : t("timeline.noMoreAttempts"));
  }
  return { title, detail, named: name !== null };
}

/** One line of a history: an icon on the rail, what happened, when, and what else there is to know. */
function TimelineItem({ icon: Icon, tone, title, at, detail, footer, last, locale, timeZone }: {
  icon: ComponentType<{ className?: string }>;
  tone: string;
  title: string;
  at: Date;
  detail: string[];
  footer: ReactNode;
  last: boolean;
  locale: string;
  timeZone: string;
}) {
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      {!last && <span aria-hidden className="absolute top-8 left-4 h-[calc(100%-2rem)] w-px bg-slate-200" />}
      <span className={cn("grid size-8 shrink-0 place-items-center rounded-full", tone)}>
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="text-sm font-medium text-slate-900">{title}</p>
          <span className="text-xs text-slate-500">
            <Time value={at} locale={locale} timeZone={timeZone} />
          </span>
        </div>
        {detail.length > 0 && <p className="mt-0.5 text-sm break-words text-slate-600">{detail.join(" · ")}</p>}
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">{footer}</div>
      </div>
    </li>
  );
}

function EventItem({ entry, last, t, locale, timeZone }: { entry: TimelineEntry; last: boolean; t: Translator; locale: string; timeZone: string }) {
  const { title, detail, named } = describe(entry, t, locale, timeZone);
  const look = eventLookOf(entry.type, named);
  const footer = (
    <>
      {entry.status !== "processed" && <StatusBadge status={entry.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />}
      {entry.duplicateCount > 0 && <Badge>{t("timeline.receivedTimes", { count: entry.duplicateCount + 1 })}</Badge>}
      <Link href={`/events/${entry.id}`} className="text-indigo-600 hover:underline">
        {t("timeline.openEvent")}
      </Link>
    </>
  );
  return <TimelineItem {...look} title={title} at={entry.occurredAt} detail={detail} footer={footer} last={last} locale={locale} timeZone={timeZone} />;
}

/**
 * An object's history: the webhook events (each line linking to its event) and, marked as such with who did them, the
 * operators' own actions from the audit log, in the order they happened.
 */
export function Timeline({ entries, t, locale, timeZone, subject }: { entries: HistoryEntry[]; t: Translator; locale: string; timeZone: string; /** Whose history this is. */ subject?: { type: string } }) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-900">{t("timeline.title")}</h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("timeline.empty")}</p>
      ) : (
        <ol className="mt-4 space-y-0">
          {entries.map((entry, index) => {
            const last = index === entries.length - 1;
            if (entry.kind === "event") return <EventItem key={`event-${entry.id}`} entry={entry} last={last} t={t} locale={locale} timeZone={timeZone} />;
            const action = describeOperatorAction(entry, t, locale, timeZone);
            // On a customer's page, an action on one of their payments or subscriptions says which.
            const other = (entry.subjectType === "payment_intent" || entry.subjectType === "subscription") && subject?.type === "customer";
            if (other) action.detail = [...action.detail, t(entry.subjectType === "payment_intent" ? "timeline.onPayment" : "timeline.onSubscription", { id: entry.subjectId })];
            const footer = (
              <>
                <Badge tone="info">{t("refund.timeline.operatorAction")}</Badge>
                <span className="text-slate-600">{t("refund.timeline.by", { name: entry.operatorName ?? entry.actor })}</span>
              </>
            );
            return <TimelineItem key={`audit-${entry.id}`} {...action} at={entry.at} footer={footer} last={last} locale={locale} timeZone={timeZone} />;
          })}
        </ol>
      )}
    </Card>
  );
}
