import Link from "next/link";
import type { ReactNode } from "react";
import { CONFIDENCE_TONE } from "../../columns-tones";
import { TRANSFER_STATUS_TONES } from "../../../transfers/[ref]/status";
import { StatusBadge } from "@/components/detail/status-badge";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { WorkspaceMatch, WorkspaceTransfer } from "@/db/queries/reconciliation-queues";
import { formatPhone } from "@/lib/format/phone";
import { decodeSenderId } from "@/lib/format/sender-id";
import { formatDateTime } from "@/lib/format/time";
import { formatMoney } from "@/lib/format/money";
import type { Translator } from "@/lib/i18n/server";
import { amountDifference, confidenceOfScore, differenceText, reasonContextOf, reasonText } from "@/lib/reconciliation/reasons-text";
import { DecisionForm } from "../../decision-form";
import { reconcileHref } from "../../href";

type Format = { t: Translator; locale: string; timeZone: string };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function TransferCard({ transfer, format: { t, locale, timeZone } }: { transfer: WorkspaceTransfer; format: Format }) {
  return (
    <Card className="h-fit p-4">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{t("reconciliationDecision.transfer")}</h2>
      <dl className="divide-y divide-slate-100">
        <Row label={t("reconciliationDecision.reference")}>
          <Link href={`/transfers/${encodeURIComponent(transfer.ref)}`} className="font-mono text-xs text-indigo-600 hover:underline">
            {transfer.ref}
          </Link>
        </Row>
        <Row label={t("reconciliationDecision.transfersAmount")}>{formatMoney(transfer.amount, transfer.currency, locale)}</Row>
        <Row label={t("reconciliationDecision.paidAt")}>{formatDateTime(transfer.paidAt, locale, timeZone)}</Row>
        <Row label={t("reconciliationDecision.sender")}>{transfer.senderName ?? "—"}</Row>
        <Row label={t("reconciliationDecision.phone")}>{transfer.senderPhone ? <span className="tabular-nums">{formatPhone(transfer.senderPhone)}</span> : "—"}</Row>
        <Row label={t("reconciliationDecision.senderId")}>{transfer.senderId ? decodeSenderId(transfer.senderId).formatted : "—"}</Row>
        <Row label={t("reconciliationDecision.description")}>{transfer.description ?? "—"}</Row>
        <Row label={t("reconciliationDecision.status")}>
          {transfer.status ? <StatusBadge status={transfer.status} tones={TRANSFER_STATUS_TONES} label={(status) => t(`transfer.status.${status}`)} /> : "—"}
        </Row>
      </dl>
    </Card>
  );
}

/** One candidate or past decision: the payment, the money on both sides with any difference, the score and every reason. */
export function MatchCard({ match, format: { t, locale, timeZone }, current, children }: { match: WorkspaceMatch; format: Format; current: string; children?: ReactNode }) {
  const difference = amountDifference(match);
  const confidence = confidenceOfScore(match.score);
  const others = match.transfers.filter((transfer) => transfer.ref !== current);
  // The reasons name the sender and the phone as written on the transfers or the customer, not as compared.
  const context = reasonContextOf(match);
  return (
    <Card className="p-4" data-match={match.matchId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {match.paymentIntentId ? (
            <Link href={`/payments/${encodeURIComponent(match.paymentIntentId)}`} className="text-indigo-700 hover:underline">
              {t("reconciliationDecision.intent", { id: match.paymentIntentId })}
            </Link>
          ) : (
            t("reconciliation.noIntent")
          )}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge>{t(`reconciliationDecision.rules.${match.rule ?? "manual"}`)}</Badge>
          {match.state === "undone" && match.undoneState ? (
            <Badge tone="neutral">{t("reconciliationDecision.undoneWas", { state: t(`reconciliationDecision.states.${match.undoneState}`) })}</Badge>
          ) : (
            match.state !== "unmatched" && match.state !== "suggested" && <Badge tone="neutral">{t(`reconciliationDecision.states.${match.state}`)}</Badge>
          )}
          {match.score !== null && confidence && <Badge tone={CONFIDENCE_TONE[confidence]}>{t("reconciliation.scoreOf", { score: match.score, confidence: t(`reconciliation.confidence.${confidence}`) })}</Badge>}
        </div>
      </div>
      <dl className="mt-2 grid gap-x-4 text-sm sm:grid-cols-2">
        <Row label={t("reconciliationDecision.transfersAmount")}>{formatMoney(match.amount, match.currency, locale)}</Row>
        {match.intentAmount !== null && <Row label={t("reconciliationDecision.intentAmount")}>{formatMoney(match.intentAmount, match.currency, locale)}</Row>}
        {difference !== null && (
          <Row label={t("reconciliation.difference")}>
            <span className="font-semibold text-amber-700">
              {differenceText(difference, match.currency, t, locale)}
            </span>
          </Row>
        )}
        {match.intent && <Row label={t("reconciliationDecision.customer")}>{match.intent.customerName ?? match.intent.customerId ?? "—"}</Row>}
        {match.intent?.createdAt && <Row label={t("reconciliationDecision.created")}>{formatDateTime(match.intent.createdAt, locale, timeZone)}</Row>}
      </dl>
      {match.transfers.length > 1 && (
        <p className="mt-2 text-sm text-slate-700">
          {/* Rule 4 pairs one sender's transfers; an operator's set may come from several (a relative's phone). */}
          {t(match.rule === "split_payment" ? "reconciliationDecision.setOf" : "reconciliationDecision.setOfManual", { count: match.transfers.length })}:{" "}
          {match.transfers.map((transfer, index) => (
            <span key={transfer.ref}>
              {index > 0 && " + "}
              {others.includes(transfer) ? (
                <Link href={reconcileHref(transfer.ref)} className="font-mono text-xs text-indigo-600 hover:underline">
                  {transfer.ref}
                </Link>
              ) : (
                <span className="font-mono text-xs">{transfer.ref}</span>
              )}{" "}
              ({formatMoney(transfer.amount, match.currency, locale)})
            </span>
          ))}
        </p>
      )}
      <div className="mt-2">
        <h4 className="text-xs font-medium text-slate-500 uppercase">{t("reconciliationDecision.reasons")}</h4>
        {match.reasons.length === 0 ? (
          <p className="text-sm text-slate-500">{t("reconciliationDecision.noReasons")}</p>
        ) : (
          <ul className="list-inside list-disc text-sm text-slate-800" aria-label={t("reconciliationDecision.reasons")}>
            {match.reasons.map((reason, index) => (
              <li key={index}>{reasonText(reason, t, locale, context)}</li>
            ))}
          </ul>
        )}
      </div>
      {match.decidedBy && match.decidedAt && (
        <p className="mt-2 text-xs text-slate-500">{t("reconciliationDecision.decidedBy", { name: match.decidedBy, when: formatDateTime(match.decidedAt, locale, timeZone) })}</p>
      )}
      {match.note && <p className={cn("mt-1 text-sm text-slate-700 italic")}>“{match.note}”</p>}
      {match.undone && (
        <div className="mt-2 border-t border-slate-100 pt-2" data-undone>
          <p className="text-xs text-slate-500">
            {t("reconciliationDecision.undoneBy", { name: match.undone.by ?? "?", when: formatDateTime(match.undone.at, locale, timeZone) })}
          </p>
          {match.undone.note && <p className="mt-1 text-sm text-slate-700 italic">“{match.undone.note}”</p>}
        </div>
      )}
      {children && <div className="mt-3 border-t border-slate-100 pt-3">{children}</div>}
    </Card>
  );
}

/** The decision that settles this transfer now, and its undo (not for the service's own link). */
export function StandingCard({ match, format, canDecide, noteRequired = false }: { match: WorkspaceMatch; format: Format; canDecide: boolean; noteRequired?: boolean }) {
  const { t } = format;
  return (
    <section aria-labelledby="standing" className="space-y-2">
      <h2 id="standing" className="text-base font-semibold text-slate-900">
        {t("reconciliationDecision.standing")}
      </h2>
      <MatchCard match={match} format={format} current={match.transfers[0]?.ref ?? ""}>
        {match.rule === "linked_by_service" ? (
          <p className="text-sm text-slate-600">{t("reconciliationDecision.byService")}</p>
        ) : (
          canDecide && <DecisionForm kinds={["undo"]} payload={{ matchId: match.matchId }} noteRequired={noteRequired} />
        )}
      </MatchCard>
    </section>
  );
}
