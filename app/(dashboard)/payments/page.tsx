import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { hasActiveFilters } from "@/lib/list-params";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { loadPayments } from "./data";
import { PaymentsTable } from "./payments-table";
import { PaymentsToolbar } from "./payments-toolbar";
import { loadPaymentsSearchParams, PAYMENTS_FILTER_KEYS, type PaymentsSearchParams } from "./search-params";

// GET /payments — the account's payment intents, paged by the Payment Service's cursors, all state in the URL.
export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadPaymentsSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.payments.title")} description={t("pages.payments.description")} />
      <PaymentsToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={7} rows={Math.min(state.limit, 10)} />}>
        <PaymentsResults state={state} />
      </Suspense>
    </>
  );
}

async function PaymentsResults({ state }: { state: PaymentsSearchParams }) {
  const [view, locale] = await Promise.all([loadPayments(state), getLocale()]);
  if (!view.ok) return <DataTableError {...view.error} />;
  return (
    <PaymentsTable
      rows={view.rows}
      next={view.next}
      prev={view.prev}
      total={view.total}
      columnVisibility={view.columnVisibility}
      filtered={hasActiveFilters(state, PAYMENTS_FILTER_KEYS)}
      paged={!!(state.startingAfter || state.endingBefore)}
      formatLocale={FORMAT_LOCALE[locale]}
      timeZone={env().DEFAULT_TIME_ZONE}
    />
  );
}
