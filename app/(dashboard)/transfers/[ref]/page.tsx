import { DataTableError } from "@/components/data-table/error-state";
import { detailRoute } from "@/components/detail/detail-page";
import { Notice } from "@/components/detail/notice";
import { StatusBadge } from "@/components/detail/status-badge";
import { formatMoney } from "@/lib/format/money";
import { loadTransfer } from "./data";
import { TRANSFER_STATUS_TONES } from "./status";
import { LinkCard, LocalRecordCard, SenderCard, TransferSummaryCard } from "./transfer-cards";

// GET /transfers/[ref] — one SINPE Móvil transfer by its 25-character reference: every field, the sender's id kind,
// the intent it paid, what this app recorded of it, and its history.
export default detailRoute("transfers", {
  load: loadTransfer,
  view: ({ transfer, local, apiMissing, apiError }, formatting) => {
    const { t, locale } = formatting;
    return {
      title: formatMoney(transfer.amount, transfer.currency, locale),
      badges: transfer.status && <StatusBadge status={transfer.status} tones={TRANSFER_STATUS_TONES} label={(status) => t(`transfer.status.${status}`)} />,
      meta: transfer.sender.name && <span>{transfer.sender.name}</span>,
      body: (
        <>
          {/* The service failed, but this app's own record of the transfer is shown under its error. */}
          {apiError && (
            <div className="mb-4">
              <DataTableError {...apiError} />
            </div>
          )}
          {apiMissing && (
            <Notice tone="info" title={t("transfer.apiMissingTitle")}>
              {t("transfer.apiMissingBody")}
            </Notice>
          )}
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <TransferSummaryCard transfer={transfer} {...formatting} />
            <div className="grid gap-4">
              <SenderCard transfer={transfer} {...formatting} />
              {(transfer.fromService || transfer.paymentIntentId) && <LinkCard transfer={transfer} {...formatting} />}
              <LocalRecordCard local={local} {...formatting} />
            </div>
          </div>
        </>
      ),
    };
  },
});
