import type { SearchParams } from "nuqs/server";
import { ListPage } from "@/app/(dashboard)/list-page";
import { Notice } from "@/components/detail/notice";
import { loadTransfers } from "./data";
import { isSinpeReference, loadTransfersSearchParams, TRANSFERS_FILTER_KEYS } from "./search-params";
import { TransfersTable } from "./transfers-table";
import { TransfersToolbar } from "./transfers-toolbar";

// GET /transfers — SINPE Móvil transfers received, paged by the service's cursors, all state in the URL.
export default function TransfersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <ListPage
      page="transfers"
      searchParams={searchParams}
      parse={loadTransfersSearchParams}
      toolbar={<TransfersToolbar />}
      load={loadTransfers}
      filterKeys={TRANSFERS_FILTER_KEYS}
      Table={TransfersTable}
      skeletonColumns={6}
      // A reference of the wrong length can match nothing and the service would only answer "invalid": say why here.
      refuse={(state, t) =>
        state.reference && !isSinpeReference(state.reference) ? (
          <Notice tone="warning" title={t("transfersList.invalidReferenceTitle")}>
            {t("transfersList.invalidReferenceBody", { count: state.reference.length })}
          </Notice>
        ) : null
      }
    />
  );
}
