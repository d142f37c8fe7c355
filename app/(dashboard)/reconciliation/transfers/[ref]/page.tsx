import { differenceText } from "@/lib/reconciliation/reasons-text";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { Notice } from "@/components/detail/notice";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/ui/back-link";
import { getDb } from "@/db";
import { findIntentsToMatch, transferReconciliation } from "@/db/queries/reconciliation-queues";
import { requireOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/format/money";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { moneyArrived } from "@/lib/payments/values";
import type { MobileTransferStatus } from "@/lib/payments/schemas/records";
import { isPaidByService } from "@/lib/reconciliation/reasons";
import { amountFilter } from "../../list";
import { MatchCard, StandingCard, TransferCard } from "./cards";
import { StatusBadge } from "@/components/detail/status-badge";
import { PAYMENT_STATUS_TONES } from "../../../payments/status";
import { DecisionForm } from "../../decision-form";
import { closedPeriodsText } from "../../refusal-words";
import { closuresHolding } from "@/db/queries/reconciliation-close";
import { GetSearch } from "./get-search";
import { SetBuilder } from "./set-builder";
import { transferReference } from "./reference";
import { parseSetParams, setHref } from "./set-params";

// GET /reconciliation/transfers/[ref] — one transfer: every payment it could be (side by side, none preferred), what
// was decided about it and by whom, and the operator's decisions: confirm, reject, match by hand (to one payment, alone
// or with other transfers as a set), accept, undo.

export default async function ReconcileTransferPage({ params, searchParams }: { params: Promise<{ ref: string }>; searchParams: Promise<SearchParams> }) {
  const operator = await requireOperator("viewer");
  const [{ ref }, query, t, locale, mode] = await Promise.all([params, searchParams, getT(), getLocale(), getMode()]);
  const format = { t, locale: FORMAT_LOCALE[locale], timeZone: env().DEFAULT_TIME_ZONE };
  // A segment that cannot be a reference, or one no transfer of this mode has: the route's 404 (not-found.tsx).
  const reference = transferReference(ref);
  const found = reference === null ? null : await transferReconciliation(getDb(), mode, reference);
  if (!found) notFound();
  const back = <BackLink href="/reconciliation" toRows>{t("reconciliationDecision.back")}</BackLink>;
  const { transfer, matches } = found;
  // Money that has not arrived (pending, expired, canceled) is not matched nor kept: the decision layer refuses it too.
  const arrived = moneyArrived(transfer.status);
  const canDecide = hasRole(operator.role, "operator");
  // Undo stays open to operators (a decision taken before the money was known not to have arrived can be taken back).
  const canSettle = canDecide && arrived;
  const standing = matches.find((m) => m.state === "confirmed" || m.state === "accepted_unmatched");
  const suggestions = matches.filter((m) => m.state === "suggested");
  const past = matches.filter((m) => m.state === "rejected" || m.state === "undone");
  const setParams = parseSetParams(query, transfer.ref);
  const { find, intent: setIntent } = setParams;
  const amount = amountFilter(find, transfer.currency);
  // A decision about money of a closed period needs its reason: said before the click, and every note field requires it.
  const [closed, intents] = await Promise.all([
    canDecide ? closuresHolding(getDb(), mode, [transfer.ref]) : [],
    canSettle && !standing && find && !setIntent ? findIntentsToMatch(getDb(), mode, { query: find, amount, currency: transfer.currency }) : [],
  ]);
  const inClosed = closed.length > 0;
  return (
    <>
      {/* A viewer reviews, and is told why nothing here can be decided (as the queues and the period close say). */}
      <PageHeader
        title={`${t(canDecide ? "reconciliationDecision.title" : "reconciliationDecision.viewTitle")} · ${formatMoney(transfer.amount, transfer.currency, format.locale)}`}
        description={transfer.ref}
        actions={back}
      />
      {!arrived && (
        <Notice tone="warning" title={t("reconciliationDecision.notArrivedTitle")}>
          {t("reconciliationDecision.notArrived", { status: transfer.status ? t(`transfer.status.${transfer.status as MobileTransferStatus}`) : "—" })}
        </Notice>
      )}
      {inClosed && (
        <Notice tone="warning" title={t("reconciliationDecision.closedTitle")}>
          {t("reconciliationDecision.closedNotice", { periods: closedPeriodsText(closed, format) })}
        </Notice>
      )}
      {!canDecide && (
        <p className="mb-4 text-sm text-slate-500" data-testid="view-only">
          {t("reconciliation.viewOnly")}
        </p>
      )}
      <Notice tone="info" title={t("reconciliation.ownRecordTitle")}>
        {t("reconciliation.ownRecord")}
      </Notice>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <TransferCard transfer={transfer} format={format} />
        <div className="space-y-4">
          {standing && <StandingCard match={standing} format={format} canDecide={canDecide} noteRequired={inClosed} />}
          {/* Decided: back to the queue as it was left (its filters and page), where the next transfer waits. */}
          {standing && canDecide && <BackLink href="/reconciliation" toRows>{t("reconciliationDecision.backToQueue")}</BackLink>}
          {!standing && (
            <section aria-labelledby="candidates" className="space-y-3">
              <div>
                <h2 id="candidates" className="text-base font-semibold text-slate-900">
                  {t("reconciliationDecision.candidates")}
                </h2>
                <p className="text-sm text-slate-500">
                  {suggestions.length ? t("reconciliationDecision.candidatesHint", { count: suggestions.length }) : t("reconciliationDecision.noCandidates")}
                </p>
              </div>
              {suggestions.map((match) => (
                <MatchCard key={match.matchId} match={match} format={format} current={transfer.ref}>
                  {canSettle && <DecisionForm kinds={["confirm", "reject"]} payload={{ matchId: match.matchId }} noteRequired={inClosed} />}
                </MatchCard>
              ))}
            </section>
          )}
          {!standing && canSettle && setIntent && <SetBuilder mode={mode} from={transfer.ref} params={{ ...setParams, intent: setIntent }} format={format} />}
          {!standing && canSettle && !setIntent && (
            <>
              <Card className="p-4">
                <h2 className="text-base font-semibold text-slate-900">{t("reconciliationDecision.matchTitle")}</h2>
                <p className="mb-2 text-sm text-slate-500">{t("reconciliationDecision.matchHint", { currency: transfer.currency })}</p>
                <GetSearch
                  name="find"
                  value={find}
                  label={t("reconciliationDecision.find")}
                  placeholder={t("reconciliationDecision.findPlaceholder")}
                  button={t("reconciliationDecision.find")}
                />
                {find && (
                  <div className="mt-3 space-y-2">
                    <p className="text-sm text-slate-600">{t("reconciliationDecision.found", { count: intents.length })}</p>
                    {intents.map((intent) => {
                      // The difference is said before the click, and the button names it: one click never matches a
                      // different amount unseen.
                      const difference = intent.amount === null ? null : transfer.amount - intent.amount;
                      return (
                        <div key={intent.id} className="rounded-md p-3 ring-1 ring-slate-200" data-intent={intent.id}>
                          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                            <Link href={`/payments/${encodeURIComponent(intent.id)}`} className="font-mono text-xs text-indigo-600 hover:underline">
                              {intent.id}
                            </Link>
                            <span className="font-medium">{intent.amount !== null && intent.currency ? formatMoney(intent.amount, intent.currency, format.locale) : "—"}</span>
                          </div>
                          <div className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
                            <StatusBadge status={intent.status} tones={PAYMENT_STATUS_TONES} label={(status) => t(`paymentStatus.${status}`)} />
                            <span>
                              {intent.customerName ?? intent.customerId ?? "—"} {intent.description ? `· ${intent.description}` : ""}
                            </span>
                          </div>
                          {difference !== null && difference !== 0 && (
                            <p className="mt-1.5 text-xs font-medium text-amber-800" data-difference>
                              {t("reconciliationDecision.resultDifference", {
                                difference: differenceText(difference, transfer.currency, t, format.locale),
                              })}
                            </p>
                          )}
                          {isPaidByService(intent.status) && (
                            <p className="mt-1.5 text-xs text-amber-800" data-paid-note>
                              {t("reconciliationDecision.paidByService")}
                            </p>
                          )}
                          <DecisionForm
                            className="mt-2"
                            kinds={["match"]}
                            payload={{ refs: [transfer.ref], paymentIntentId: intent.id }}
                            noteRequired={inClosed}
                            labels={difference ? { match: t("reconciliationDecision.matchWithDifference") } : undefined}
                          />
                          <Link href={setHref(transfer.ref, { ...setParams, intent: intent.id })} className="mt-2 inline-block text-sm font-medium text-indigo-600 hover:underline">
                            {t("reconciliationDecision.set.start")}
                          </Link>
                        </div>
                      );
                    })}
                  </div>
                )}
              </Card>
              <Card className="p-4">
                <h2 className="text-base font-semibold text-slate-900">{t("reconciliationDecision.acceptTitle")}</h2>
                <p className="mb-2 text-sm text-slate-500">{t("reconciliationDecision.acceptHint")}</p>
                <DecisionForm kinds={["accept"]} payload={{ ref: transfer.ref }} noteRequired notePlaceholder={t("reconciliationDecision.acceptPlaceholder")} />
              </Card>
            </>
          )}
          {past.length > 0 && (
            <section aria-labelledby="past" className="space-y-3">
              <h2 id="past" className="text-base font-semibold text-slate-900">
                {t("reconciliationDecision.past")}
              </h2>
              {past.map((match) => (
                <MatchCard key={match.matchId} match={match} format={format} current={transfer.ref}>
                  {canDecide && match.state === "rejected" && <DecisionForm kinds={["undo"]} payload={{ matchId: match.matchId }} noteRequired={inClosed} />}
                </MatchCard>
              ))}
            </section>
          )}
        </div>
      </div>
    </>
  );
}
