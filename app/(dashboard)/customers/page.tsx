import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { toListTableData } from "@/app/(dashboard)/list-view";
import { CreatedRangeToolbar } from "@/components/data-table/created-range-toolbar";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { CustomersTable } from "./customers-table";
import { loadCustomers } from "./data";
import { CUSTOMERS_FILTER_KEYS, loadCustomersSearchParams, type CustomersSearchParams } from "./search-params";

// GET /customers — the account's customers with what they spent, paged by the service's cursors, state in the URL.
export default async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadCustomersSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.customers.title")} description={t("pages.customers.description")} />
      <CreatedRangeToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={7} rows={Math.min(state.limit, 10)} />}>
        <CustomersResults state={state} />
      </Suspense>
    </>
  );
}

async function CustomersResults({ state }: { state: CustomersSearchParams }) {
  const view = await loadCustomers(state);
  if (!view.ok) return <DataTableError {...view.error} />;
  return <CustomersTable {...await toListTableData(view, state, CUSTOMERS_FILTER_KEYS)} />;
}
