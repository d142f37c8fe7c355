import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { toListTableData } from "@/app/(dashboard)/list-view";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { Notice } from "@/components/detail/notice";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { loadTransfers } from "./data";
import { isSinpeReference, loadTransfersSearchParams, TRANSFERS_FILTER_KEYS, type TransfersSearchParams } from "./search-params";
import { TransfersTable } from "./transfers-table";
import { TransfersToolbar } from "./transfers-toolbar";

// GET /transfers — SINPE Móvil transfers received, paged by the service's cursors, all state in the URL.
export default async function TransfersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadTransfersSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.transfers.title")} description={t("pages.transfers.description")} />
      <TransfersToolbar />
      {/* A reference of the wrong length can match nothing and the service would only answer "invalid": say why here. */}
      {state.reference && !isSinpeReference(state.reference) ? (
        <Notice tone="warning" title={t("transfersList.invalidReferenceTitle")}>
          {t("transfersList.invalidReferenceBody", { count: state.reference.length })}
        </Notice>
      ) : (
        // Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls.
        <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={6} rows={Math.min(state.limit, 10)} />}>
          <TransfersResults state={state} />
        </Suspense>
      )}
    </>
  );
}

async function TransfersResults({ state }: { state: TransfersSearchParams }) {
  const view = await loadTransfers(state);
  if (!view.ok) return <DataTableError {...view.error} />;
  return <TransfersTable {...await toListTableData(view, state, TRANSFERS_FILTER_KEYS)} />;
}
