import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { CreatedRangeToolbar } from "@/components/data-table/created-range-toolbar";
import { loadProducts } from "./data";
import { ProductsTable } from "./products-table";
import { loadProductsSearchParams, PRODUCTS_FILTER_KEYS } from "./search-params";

// GET /products — the account's product catalogue, paged by the service's cursors, all state in the URL.
export default function ProductsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="products"
      searchParams={searchParams}
      parse={loadProductsSearchParams}
      toolbar={<CreatedRangeToolbar />}
      load={loadProducts}
      filterKeys={PRODUCTS_FILTER_KEYS}
      Table={ProductsTable}
      skeletonColumns={4}
    />
  );
}
