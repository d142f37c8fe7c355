import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { CreatedRangeToolbar } from "@/components/data-table/created-range-toolbar";
import { AccountsTable } from "./accounts-table";
import { loadAccounts } from "./data";
import { ACCOUNTS_FILTER_KEYS, loadAccountsSearchParams } from "./search-params";

// GET /marketplace — sellers' connected accounts, read-only, paged by the service's cursors, all state in the URL.
export default function MarketplacePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="marketplace"
      searchParams={searchParams}
      parse={loadAccountsSearchParams}
      toolbar={<CreatedRangeToolbar />}
      load={loadAccounts}
      filterKeys={ACCOUNTS_FILTER_KEYS}
      Table={AccountsTable}
      skeletonColumns={4}
    />
  );
}
