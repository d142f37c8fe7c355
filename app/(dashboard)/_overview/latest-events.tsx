import Link from "next/link";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { eventLook, eventTypeName } from "../events/labels";
import { subjectLabel, type EventRow } from "../events/rows";
import { eventHref } from "./links";
import { StatusBadge } from "@/components/detail/status-badge";
import { EVENT_STATUS_TONES } from "@/components/timeline/timeline";
import type { Translator } from "@/lib/i18n/server";


/** The last webhook events of this mode, each opening its page in the events console. */
export function LatestEvents({ events, t, format }: { events: EventRow[]; t: Translator; format: { locale: string; timeZone: string } }) {
  return (
    <Card role="region" aria-labelledby="overview-events" className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overview-events" className="text-sm font-semibold text-slate-900">
          {t("overview.events.title")}
        </h2>
        <Link href="/events" className="text-xs font-medium text-indigo-600 hover:text-indigo-500">
          {t("overview.events.all")}
        </Link>
      </div>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("overview.events.empty")}</p>
      ) : (
        <ul className="mt-2 -mx-2 divide-y divide-slate-100">
          {events.map((event) => {
            const name = eventTypeName(t, event.type);
            const look = eventLook(event.type, name !== null);
            const Icon = look.icon;
            const title = name ?? event.type ?? t("events.detail.untyped");
            return (
              <li key={event.id}>
                <Link href={eventHref(event.id)} className="flex items-start gap-3 rounded-md px-2 py-2 hover:bg-slate-50">
                  <span className={cn("mt-0.5 grid size-7 shrink-0 place-items-center rounded-full", look.tone)}>
                    <Icon aria-hidden className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="text-sm font-medium text-slate-900">{title}</span>
                      <span className="text-xs text-slate-500">
                        <Time value={event.receivedAt} {...format} />
                      </span>
                    </span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                      {event.subject && (
                        <span className="max-w-full truncate font-mono" title={`${t("overview.events.subject")}: ${event.subject}`}>
                          {subjectLabel(event.subject)}
                        </span>
                      )}
                      {event.amount && event.currency && <Money amount={BigInt(event.amount)} currency={event.currency} locale={format.locale} />}
                      <StatusBadge status={event.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
