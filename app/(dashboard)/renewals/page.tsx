import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { loadRenewals } from "./data";
import { RenewalsTable } from "./renewals-table";
import { RenewalsToolbar } from "./renewals-toolbar";
import { loadRenewalsSearchParams, RENEWALS_FILTER_KEYS } from "./search-params";

// GET /renewals — every subscription period's renewal and its charge attempts, paged by the service's cursors.
export default function RenewalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="renewals"
      searchParams={searchParams}
      parse={loadRenewalsSearchParams}
      toolbar={<RenewalsToolbar />}
      load={loadRenewals}
      filterKeys={RENEWALS_FILTER_KEYS}
      Table={RenewalsTable}
      skeletonColumns={6}
    />
  );
}
