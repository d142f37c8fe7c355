import { Suspense } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import { getFormatting } from "@/lib/i18n/formatting";
import { DetailHeader } from "@/components/detail/detail-header";
import { DetailTimeline } from "@/components/detail/detail-timeline";
import { MetadataTable } from "@/components/detail/metadata-table";
import { Notice } from "@/components/detail/notice";
import { StatusBadge } from "@/components/detail/status-badge";
import { formatMoney } from "@/lib/format/money";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { PAYMENT_STATUS_TONES } from "../status";
import { loadPayment } from "./data";
import { LastErrorCard, LinkedTransferCard, PaymentSummaryCard } from "./payment-cards";
import { RefundCard } from "./refund-card";
import { LinkedRenewalSlot } from "./renewal-card";

// GET /payments/[id] — one payment intent: its fields from the API, what the webhooks said of it, its refunds (operator+),
// the transfer or renewal it is linked to, and its history (events and operator actions).
export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Asked for before the page's own check: the loader checks too and gives nothing until it passes, and the
  // service's answer, the page's slowest part, need not wait for the check.
  const payment = startedBeforeCheck(loadPayment(id));
  await requireOperator("viewer");
  // Siblings render concurrently: the timeline's query runs while the API answers (see DetailTimeline).
  return (
    <>
      <PaymentDetail id={id} payment={payment} />
      <DetailTimeline type="payment_intent" id={id} />
    </>
  );
}

async function PaymentDetail({ id, payment }: { id: string; payment: ReturnType<typeof loadPayment> }) {
  const [result, formatting] = await Promise.all([payment, getFormatting()]);
  const { t, locale } = formatting;
  const back = { href: "/payments", label: t("detail.back.payments") };
  if (!result.ok) {
    return (
      <>
        <DetailHeader back={back} title={t("detail.kind.payment")} id={id} />
        <DataTableError {...result.error} />
      </>
    );
  }
  const { intent, conflict, transfer, renewal, canRefund } = result.value;
  return (
    <>
      <DetailHeader
        back={back}
        kind={t("detail.kind.payment")}
        title={formatMoney(intent.amount, intent.currency, locale)}
        id={intent.id}
        badges={<StatusBadge status={intent.status} tones={PAYMENT_STATUS_TONES} label={(status) => t(`paymentStatus.${status}`)} />}
      />
      {conflict && (
        <Notice tone="warning" title={t("paymentDetail.conflictTitle")}>
          {t("paymentDetail.conflictBody")}
        </Notice>
      )}
      <div className="grid items-start gap-4 lg:grid-cols-5">
        <PaymentSummaryCard intent={intent} {...formatting} className="lg:col-span-3" />
        <div className="grid gap-4 lg:col-span-2">
          {canRefund && <RefundCard intent={intent} {...formatting} />}
          <LastErrorCard intent={intent} {...formatting} />
          <LinkedTransferCard transfer={transfer} {...formatting} />
          <Suspense fallback={null}>
            <LinkedRenewalSlot renewal={renewal} {...formatting} />
          </Suspense>
          <MetadataTable metadata={intent.metadata} t={t} />
        </div>
      </div>
    </>
  );
}
