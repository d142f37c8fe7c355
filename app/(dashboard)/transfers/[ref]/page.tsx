import { DataTableError } from "@/components/data-table/error-state";
import { getFormatting } from "@/lib/i18n/formatting";
import { DetailHeader } from "@/components/detail/detail-header";
import { DetailTimeline } from "@/components/detail/detail-timeline";
import { Notice } from "@/components/detail/notice";
import { StatusBadge } from "@/components/detail/status-badge";
import { formatMoney } from "@/lib/format/money";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { loadTransfer } from "./data";
import { TRANSFER_STATUS_TONES } from "./status";
import { LinkCard, LocalRecordCard, SenderCard, TransferSummaryCard } from "./transfer-cards";

// GET /transfers/[ref] — one SINPE Móvil transfer by its 25-character reference: every field, the sender's id kind,
// the intent it paid, what this app recorded of it, and its history.
export default async function TransferPage({ params }: { params: Promise<{ ref: string }> }) {
  const { ref } = await params;
  // Asked for before the page's own check: the loader checks too and gives nothing until it passes, and the
  // service's answer, the page's slowest part, need not wait for the check.
  const transfer = startedBeforeCheck(loadTransfer(ref));
  await requireOperator("viewer");
  // Siblings render concurrently: the timeline's query runs while the API answers (see DetailTimeline).
  return (
    <>
      <TransferDetail reference={ref} transfer={transfer} />
      <DetailTimeline type="transfer" id={ref} />
    </>
  );
}

async function TransferDetail({ reference, transfer: loading }: { reference: string; transfer: ReturnType<typeof loadTransfer> }) {
  const [{ transfer, local, apiMissing, apiError }, formatting] = await Promise.all([loading, getFormatting()]);
  const { t, locale } = formatting;
  const back = { href: "/transfers", label: t("detail.back.transfers") };
  const kind = t("detail.kind.transfer");
  return (
    <>
      <DetailHeader
        back={back}
        kind={transfer ? kind : undefined}
        title={transfer ? formatMoney(transfer.amount, transfer.currency, locale) : kind}
        id={reference}
        badges={transfer?.status && <StatusBadge status={transfer.status} tones={TRANSFER_STATUS_TONES} label={(status) => t(`transfer.status.${status}`)} />}
        meta={transfer?.sender.name && <span>{transfer.sender.name}</span>}
      />
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
      {transfer && (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <TransferSummaryCard transfer={transfer} {...formatting} />
          <div className="grid gap-4">
            <SenderCard transfer={transfer} {...formatting} />
            {(transfer.fromService || transfer.paymentIntentId) && <LinkCard transfer={transfer} {...formatting} />}
            <LocalRecordCard local={local} {...formatting} />
          </div>
        </div>
      )}
    </>
  );
}
