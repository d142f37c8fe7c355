import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { CreatedRangeToolbar } from "@/components/data-table/created-range-toolbar";
import { CustomersTable } from "./customers-table";
import { loadCustomers } from "./data";
import { CUSTOMERS_FILTER_KEYS, loadCustomersSearchParams } from "./search-params";

// GET /customers — the account's customers with what they spent, paged by the service's cursors, state in the URL.
export default function CustomersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="customers"
      searchParams={searchParams}
      parse={loadCustomersSearchParams}
      toolbar={<CreatedRangeToolbar />}
      load={loadCustomers}
      filterKeys={CUSTOMERS_FILTER_KEYS}
      Table={CustomersTable}
      skeletonColumns={7}
    />
  );
}
