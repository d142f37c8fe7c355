import type { Formatting } from "@/lib/i18n/formatting";
import { AmountWithCode } from "@/components/detail/amount-with-code";
import { DefinitionCard } from "@/components/detail/definition-card";
import { IdLink } from "@/components/detail/id-link";
import { Badge } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import type { LocalTransfer } from "@/db/queries/mobile-transfers";
import { reconcileHref } from "@/app/(dashboard)/reconciliation/href";
import type { TransferView } from "./view";
import { formatPhone } from "@/lib/format/phone";

type Props = Formatting & { transfer: TransferView };

export function TransferSummaryCard({ transfer, t, locale, timeZone }: Props) {
  return (
    <DefinitionCard
      title={t("transfer.details")}
      items={[
        { label: t("transfer.reference"), value: <span className="font-mono text-xs break-all select-all">{transfer.reference}</span> },
        { label: t("detail.amount"), value: <AmountWithCode amount={transfer.amount} currency={transfer.currency} locale={locale} /> },
        { label: t("detail.description"), value: transfer.description },
        { label: t("transfer.authorized"), value: transfer.authorizedAt && <Time value={transfer.authorizedAt} locale={locale} timeZone={timeZone} /> },
        { label: t("transfer.received"), value: transfer.receivedAt && <Time value={transfer.receivedAt} locale={locale} timeZone={timeZone} /> },
        { label: t("transfer.destinationPhone"), value: transfer.destinationPhone && <span className="tabular-nums">{formatPhone(transfer.destinationPhone)}</span> },
        { label: t("detail.id"), value: transfer.id && <span className="font-mono text-xs">{transfer.id}</span>, optional: true },
      ]}
    />
  );
}

/** Who sent it: the id's kind decoded from its format (the spec's list), so an operator sees a company from a person. */
export function SenderCard({ transfer, t }: Props) {
  const { sender } = transfer;
  return (
    <DefinitionCard
      title={t("transfer.sender")}
      items={[
        { label: t("transfer.senderName"), value: sender.name },
        { label: t("transfer.senderId"), value: sender.id && <span className="font-mono text-sm tabular-nums select-all">{sender.id.formatted}</span> },
        { label: t("transfer.senderIdKind"), value: sender.id && <Badge tone={sender.id.kind === "unknown" ? "warning" : "neutral"}>{t(`senderIdKind.${sender.id.kind}`)}</Badge> },
        { label: t("transfer.senderPhone"), value: sender.phone ? <span className="tabular-nums">{formatPhone(sender.phone)}</span> : <span className="text-slate-500">{t("transfer.phoneUnknown")}</span> },
      ]}
    />
  );
}

export function LinkCard({ transfer, t }: Props) {
  return (
    <DefinitionCard title={t("transfer.link")} items={[]}>
      {transfer.paymentIntentId ? (
        <div className="mt-3 text-sm">
          <p className="text-slate-600">{t("transfer.linked")}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono text-xs break-all">{transfer.paymentIntentId}</span>
            <IdLink href={`/payments/${encodeURIComponent(transfer.paymentIntentId)}`} id={transfer.paymentIntentId}>
              {t("transfer.openPayment")}
            </IdLink>
          </p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-500">
          {t("transfer.unlinked")}{" "}
          <IdLink href={reconcileHref(transfer.reference)} id={transfer.reference}>
            {t("transfer.reconcile")}
          </IdLink>
        </p>
      )}
    </DefinitionCard>
  );
}

/** What this app recorded: how the transfer reached it, when, and a link made here. */
export function LocalRecordCard({ local, t, locale, timeZone }: Formatting & { local: LocalTransfer | null }) {
  if (!local) {
    return (
      <DefinitionCard title={t("transfer.local")} items={[]}>
        <p className="mt-3 text-sm text-slate-500">{t("transfer.noLocal")}</p>
      </DefinitionCard>
    );
  }
  return (
    <DefinitionCard
      title={t("transfer.local")}
      items={[
        { label: t("transfer.source"), value: local.source === "webhook" ? t("transfer.sourceWebhook") : t("transfer.sourceSync") },
        { label: t("transfer.recordedAt"), value: <Time value={local.receivedAt} locale={locale} timeZone={timeZone} /> },
        { label: t("transfer.linkedHere"), value: local.paymentIntentId && <IdLink href={`/payments/${encodeURIComponent(local.paymentIntentId)}`} id={local.paymentIntentId} />, optional: true },
      ]}
    />
  );
}
