import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { eventLook, eventTypeName } from "../labels";
import { BodyCards } from "./body-cards";
import { loadEvent } from "./data";
import { FactsCard, OutcomeCard, SubjectsCard } from "./sections";
import { StatusBadge } from "@/components/detail/status-badge";
import { EVENT_STATUS_TONES } from "@/components/timeline/timeline";

// GET /events/[id] — one stored delivery: its outcome, the objects it concerns, what was parsed and what arrived.
export default async function EventPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [loaded, t, locale] = await Promise.all([loadEvent(id), getT(), getLocale()]);
  if (!loaded) notFound();
  const { event, canReprocess } = loaded;
  const name = eventTypeName(t, event.type);
  const look = eventLook(event.type, name !== null);
  const Icon = look.icon;
  const title = name ?? event.type ?? t("events.detail.untyped");
  const time = { locale: FORMAT_LOCALE[locale], timeZone: env().DEFAULT_TIME_ZONE };

  return (
    <>
      <Link href="/events" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800">
        <ArrowLeft aria-hidden className="size-4" />
        {t("events.detail.back")}
      </Link>
      <div className="mb-6 flex items-start gap-3">
        <span className={cn("grid size-10 shrink-0 place-items-center rounded-full", look.tone)}>
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight break-words text-slate-900">{title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <StatusBadge status={event.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />
            {event.type && <code className="font-mono text-xs break-all">{event.type}</code>}
            <span className="font-mono text-xs">#{event.id}</span>
          </p>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <OutcomeCard event={event} canReprocess={canReprocess} t={t} />
        </div>
        <div className="min-w-0 space-y-6 lg:row-span-2">
          <FactsCard event={event} t={t} time={time} />
          <SubjectsCard subjects={event.subjects} t={t} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <BodyCards payload={event.payload} rawBody={event.rawBody} t={t} />
        </div>
      </div>
    </>
  );
}
