import { Activity } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter, type ListStateOf } from "@/lib/list-filters";
import { eventNameKey } from "@/lib/webhooks/names";
import type { EventRow } from "./rows";
import { EVENT_STATUSES, EVENT_TYPES, type EventType } from "./search-params";

// The events console: every webhook delivery stored in the current mode. The shared cursors carry event ids here
// (older after, newer before); the date range is when they were received.
export const eventsList = defineList<EventRow>()({
  name: "events",
  words: "events",
  filters: [
    // Open: unrecognized types are stored too, and a link may name one.
    { kind: "select", key: "type", values: EVENT_TYPES, open: true, label: "events.type", allLabel: "events.allTypes", optionLabel: (type: EventType) => `events.types.${eventNameKey(type)}` as const },
    statusFilter(EVENT_STATUSES, (status) => `eventStatus.${status}`),
    { kind: "text", key: "subject", code: true },
    { kind: "range", labels: { from: "events.receivedFrom", to: "events.receivedTo" } },
  ],
  rowHref: (row) => `/events/${row.id}`,
  skeletonColumns: 6,
  nav: { icon: Activity, order: 80 },
});

export type EventsSearchParams = ListStateOf<typeof eventsList.filters>;
