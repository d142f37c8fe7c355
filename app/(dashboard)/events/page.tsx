import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { hasActiveFilters } from "@/lib/list-params";
import { loadEvents } from "./data";
import { EventsTable } from "./events-table";
import { EventsToolbar } from "./events-toolbar";
import { EVENTS_FILTER_KEYS, loadEventsSearchParams, type EventsSearchParams } from "./search-params";

// GET /events — every webhook delivery stored in the current mode, newest first, with its outcome; state in the URL.
export default async function EventsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadEventsSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.events.title")} description={t("pages.events.description")} />
      <EventsToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={6} rows={Math.min(state.limit, 10)} />}>
        <EventsResults state={state} />
      </Suspense>
    </>
  );
}

async function EventsResults({ state }: { state: EventsSearchParams }) {
  const [view, locale] = await Promise.all([loadEvents(state), getLocale()]);
  return (
    <EventsTable
      rows={view.rows}
      next={view.next}
      prev={view.prev}
      total={view.total}
      columnVisibility={view.columnVisibility}
      filtered={hasActiveFilters(state, EVENTS_FILTER_KEYS)}
      paged={!!(state.startingAfter || state.endingBefore)}
      formatLocale={FORMAT_LOCALE[locale]}
      timeZone={env().DEFAULT_TIME_ZONE}
    />
  );
}
