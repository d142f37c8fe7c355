import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { loadPayments } from "./data";
import { PaymentsTable } from "./payments-table";
import { PaymentsToolbar } from "./payments-toolbar";
import { loadPaymentsSearchParams, PAYMENTS_FILTER_KEYS } from "./search-params";

// GET /payments — the account's payment intents, paged by the Payment Service's cursors, all state in the URL.
export default function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="payments"
      searchParams={searchParams}
      parse={loadPaymentsSearchParams}
      toolbar={<PaymentsToolbar />}
      load={loadPayments}
      filterKeys={PAYMENTS_FILTER_KEYS}
      Table={PaymentsTable}
      skeletonColumns={7}
    />
  );
}
