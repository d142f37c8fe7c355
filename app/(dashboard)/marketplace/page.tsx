import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { toListTableData } from "@/app/(dashboard)/list-view";
import { CreatedRangeToolbar } from "@/components/data-table/created-range-toolbar";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { AccountsTable } from "./accounts-table";
import { loadAccounts } from "./data";
import { ACCOUNTS_FILTER_KEYS, loadAccountsSearchParams, type AccountsSearchParams } from "./search-params";

// GET /marketplace — sellers' connected accounts, read-only, paged by the service's cursors, all state in the URL.
export default async function MarketplacePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadAccountsSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.marketplace.title")} description={t("pages.marketplace.description")} />
      <CreatedRangeToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={4} rows={Math.min(state.limit, 10)} />}>
        <AccountsResults state={state} />
      </Suspense>
    </>
  );
}

async function AccountsResults({ state }: { state: AccountsSearchParams }) {
  const view = await loadAccounts(state);
  if (!view.ok) return <DataTableError {...view.error} />;
  return <AccountsTable {...await toListTableData(view, state, ACCOUNTS_FILTER_KEYS)} />;
}
