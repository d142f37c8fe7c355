import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { toListTableData } from "@/app/(dashboard)/list-view";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { loadRenewals } from "./data";
import { RenewalsTable } from "./renewals-table";
import { RenewalsToolbar } from "./renewals-toolbar";
import { loadRenewalsSearchParams, RENEWALS_FILTER_KEYS, type RenewalsSearchParams } from "./search-params";

// GET /renewals — every subscription period's renewal and its charge attempts, paged by the service's cursors.
export default async function RenewalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadRenewalsSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.renewals.title")} description={t("pages.renewals.description")} />
      <RenewalsToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={6} rows={Math.min(state.limit, 10)} />}>
        <RenewalsResults state={state} />
      </Suspense>
    </>
  );
}

async function RenewalsResults({ state }: { state: RenewalsSearchParams }) {
  const view = await loadRenewals(state);
  if (!view.ok) return <DataTableError {...view.error} />;
  return <RenewalsTable {...await toListTableData(view, state, RENEWALS_FILTER_KEYS)} />;
}
