import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { toListTableData } from "@/app/(dashboard)/list-view";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { loadSubscriptions } from "./data";
import { loadSubscriptionsSearchParams, SUBSCRIPTIONS_FILTER_KEYS, type SubscriptionsSearchParams } from "./search-params";
import { SubscriptionsTable } from "./subscriptions-table";
import { SubscriptionsToolbar } from "./subscriptions-toolbar";

// GET /subscriptions — recurring charges and their state, paged by the service's cursors, all state in the URL.
export default async function SubscriptionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadSubscriptionsSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.subscriptions.title")} description={t("pages.subscriptions.description")} />
      <SubscriptionsToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={5} rows={Math.min(state.limit, 10)} />}>
        <SubscriptionsResults state={state} />
      </Suspense>
    </>
  );
}

async function SubscriptionsResults({ state }: { state: SubscriptionsSearchParams }) {
  const view = await loadSubscriptions(state);
  if (!view.ok) return <DataTableError {...view.error} />;
  return <SubscriptionsTable {...await toListTableData(view, state, SUBSCRIPTIONS_FILTER_KEYS)} />;
}
