import { detailRoute } from "@/components/detail/detail-page";
import { StatusBadge } from "@/components/detail/status-badge";
import { EVENT_STATUS_TONES } from "@/components/timeline/timeline";
import { cn } from "@/components/ui/cn";
import { eventLook, eventTypeName } from "../labels";
import { BodyCards } from "./body-cards";
import { loadEvent } from "./data";
import { FactsCard, OutcomeCard, SubjectsCard } from "./sections";

// GET /events/[id] — one stored delivery: its outcome, the objects it concerns, what was parsed and what arrived.
export default detailRoute("events", {
  load: loadEvent,
  view: ({ event, canReprocess }, { t, locale, timeZone }) => {
    const name = eventTypeName(t, event.type);
    const look = eventLook(event.type, name !== null);
    const Icon = look.icon;
    return {
      icon: (
        <span className={cn("grid size-10 shrink-0 place-items-center rounded-full", look.tone)}>
          <Icon aria-hidden className="size-5" />
        </span>
      ),
      // This app's own numbering, not an object id: shown as a number ("#1234").
      id: `#${event.id}`,
      title: name ?? event.type ?? t("events.detail.untyped"),
      badges: <StatusBadge status={event.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />,
      meta: event.type && <code className="font-mono text-xs break-all">{event.type}</code>,
      body: (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <OutcomeCard event={event} canReprocess={canReprocess} t={t} />
          </div>
          <div className="min-w-0 space-y-6 lg:row-span-2">
            <FactsCard event={event} t={t} time={{ locale, timeZone }} />
            <SubjectsCard subjects={event.subjects} t={t} />
          </div>
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <BodyCards payload={event.payload} rawBody={event.rawBody} t={t} />
          </div>
        </div>
      ),
    };
  },
});
