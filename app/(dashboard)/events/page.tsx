import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { PAYMENT_EVENT_TYPES } from "@/lib/webhooks/registry";
import { loadEvents } from "./data";
import { EventsTable } from "./events-table";
import { EventsToolbar } from "./events-toolbar";
import { EVENTS_FILTER_KEYS, loadEventsSearchParams } from "./search-params";

// GET /events — every webhook delivery stored in the current mode, newest first, with its outcome; state in the URL.
export default function EventsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="events"
      searchParams={searchParams}
      parse={loadEventsSearchParams}
      toolbar={<EventsToolbar types={PAYMENT_EVENT_TYPES} />}
      load={loadEvents}
      filterKeys={EVENTS_FILTER_KEYS}
      Table={EventsTable}
      skeletonColumns={6}
    />
  );
}
