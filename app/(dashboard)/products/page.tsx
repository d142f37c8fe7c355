import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { toListTableData } from "@/app/(dashboard)/list-view";
import { CreatedRangeToolbar } from "@/components/data-table/created-range-toolbar";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { loadProducts } from "./data";
import { ProductsTable } from "./products-table";
import { loadProductsSearchParams, PRODUCTS_FILTER_KEYS, type ProductsSearchParams } from "./search-params";

// GET /products — the account's product catalogue, paged by the service's cursors, all state in the URL.
export default async function ProductsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, state] = await Promise.all([getT(), loadProductsSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("pages.products.title")} description={t("pages.products.description")} />
      <CreatedRangeToolbar />
      {/* Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls. */}
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={4} rows={Math.min(state.limit, 10)} />}>
        <ProductsResults state={state} />
      </Suspense>
    </>
  );
}

async function ProductsResults({ state }: { state: ProductsSearchParams }) {
  const view = await loadProducts(state);
  if (!view.ok) return <DataTableError {...view.error} />;
  return <ProductsTable {...await toListTableData(view, state, PRODUCTS_FILTER_KEYS)} />;
}
