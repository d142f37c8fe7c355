import { Suspense } from "react";
import { detailRoute } from "@/components/detail/detail-page";
import { DetailColumns } from "@/components/detail/detail-columns";
import { MetadataTable } from "@/components/detail/metadata-table";
import { Notice } from "@/components/detail/notice";
import { StatusBadge } from "@/components/detail/status-badge";
import { formatMoney } from "@/lib/format/money";
import { PAYMENT_STATUS_TONES } from "../status";
import { loadPayment } from "./data";
import { LastErrorCard, LinkedTransferCard, PaymentSummaryCard } from "./payment-cards";
import { RefundCard } from "./refund-card";
import { LinkedRenewalSlot } from "./renewal-card";

// GET /payments/[id] — one payment intent: its fields from the API, what the webhooks said of it, its refunds (operator+),
// the transfer or renewal it is linked to, and its history (events and operator actions).
export default detailRoute("payments", {
  load: loadPayment,
  view: ({ intent, conflict, transfer, renewal, canRefund }, formatting) => {
    const { t, locale } = formatting;
    return {
      title: formatMoney(intent.amount, intent.currency, locale),
      badges: <StatusBadge status={intent.status} tones={PAYMENT_STATUS_TONES} label={(status) => t(`paymentStatus.${status}`)} />,
      body: (
        <>
          {conflict && (
            <Notice tone="warning" title={t("paymentDetail.conflictTitle")}>
              {t("paymentDetail.conflictBody")}
            </Notice>
          )}
          <DetailColumns
            main={<PaymentSummaryCard intent={intent} {...formatting} />}
            side={
              <>
                {canRefund && <RefundCard intent={intent} {...formatting} />}
                <LastErrorCard intent={intent} {...formatting} />
                <LinkedTransferCard transfer={transfer} {...formatting} />
                <Suspense fallback={null}>
                  <LinkedRenewalSlot renewal={renewal} {...formatting} />
                </Suspense>
                <MetadataTable metadata={intent.metadata} t={t} />
              </>
            }
          />
        </>
      ),
    };
  },
});
