import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { loadSubscriptions } from "./data";
import { loadSubscriptionsSearchParams, SUBSCRIPTIONS_FILTER_KEYS } from "./search-params";
import { SubscriptionsTable } from "./subscriptions-table";
import { SubscriptionsToolbar } from "./subscriptions-toolbar";

// GET /subscriptions — recurring charges and their state, paged by the service's cursors, all state in the URL.
export default function SubscriptionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="subscriptions"
      searchParams={searchParams}
      parse={loadSubscriptionsSearchParams}
      toolbar={<SubscriptionsToolbar />}
      load={loadSubscriptions}
      filterKeys={SUBSCRIPTIONS_FILTER_KEYS}
      Table={SubscriptionsTable}
      skeletonColumns={5}
    />
  );
}
