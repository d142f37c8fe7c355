import { differenceText } from "@/lib/reconciliation/reasons-text";
import Link from "next/link";
import { Notice } from "@/components/detail/notice";
import { StatusBadge } from "@/components/detail/status-badge";
import { RelatedTable } from "@/components/detail/related-table";
import { Badge } from "@/components/ui/badge";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { getDb } from "@/db";
import { getSetIntent, getSetTransfers, listSetCandidates, SET_SEARCH_DAYS, type SetTransfer } from "@/db/queries/reconciliation-decisions";
import { formatMoney } from "@/lib/format/money";
import { formatDateTime } from "@/lib/format/time";
import type { Translator } from "@/lib/i18n/server";
import type { Mode } from "@/lib/env-schema";
import { WINDOW_HOURS } from "@/lib/reconciliation/reasons";
import { PAYMENT_STATUS_TONES } from "../../../payments/status";
import { DecisionForm } from "../../decision-form";
import { GetSearch } from "./get-search";
import { MAX_SET, setHref, type SetParams } from "./set-params";

type Format = { t: Translator; locale: string; timeZone: string };

/**
 * Matching several transfers to one intent by hand (rule 4's split payment, when no rule saw it): this transfer and the
 * others the operator adds, their running sum against the intent's amount with the difference in money, and the
 * confirmation, offered only when the sum is the amount (the decision layer, and the database, refuse any other set).
 * Rendered for operators only; the state is the URL's (?intent=&add=&q=), so it survives a reload and needs no script.
 */
export async function SetBuilder({ mode, from, params, format }: { mode: Mode; from: string; params: SetParams & { intent: string }; format: Format }) {
  const { t, locale, timeZone } = format;
  const db = getDb();
  const [intent, named, candidates] = await Promise.all([
    getSetIntent(db, mode, params.intent),
    getSetTransfers(db, mode, from, params.add),
    listSetCandidates(db, mode, { from, exclude: params.add, query: params.q }),
  ]);
  const self = named.find((transfer) => transfer.ref === from);
  if (!self) return null;
  const members = named.filter((transfer) => transfer.ref === from || (!transfer.settled && transfer.currency === self.currency));
  const leftOut = [...named.filter((transfer) => !members.includes(transfer)).map((transfer) => transfer.ref), ...params.add.filter((ref) => !named.some((transfer) => transfer.ref === ref))];
  const added = members.filter((transfer) => transfer.ref !== from).map((transfer) => transfer.ref);
  const money = (amount: number) => formatMoney(amount, self.currency, locale);
  const total = members.reduce((sum, transfer) => sum + transfer.amount, 0);
  const back = setHref(from, { find: params.find, intent: null, add: [], q: "" });

  const problem = !intent
    ? t("reconciliationDecision.set.intentMissing")
    : intent.status === "canceled"
      ? t("reconciliationDecision.set.intentCanceled")
      : intent.paid
        ? t("reconciliationDecision.set.intentPaid")
        : intent.currency && intent.currency !== self.currency
          ? t("reconciliationDecision.set.intentCurrency", { intent: intent.currency, transfer: self.currency })
          : intent.amount === null
            ? t("reconciliationDecision.set.intentNoAmount")
            : null;
  const difference = intent?.amount != null ? total - intent.amount : null;
  const differenceWords =
    difference === null ? "—" : difference === 0 ? t("reconciliationDecision.set.exact") : differenceText(difference, self.currency, t, locale);
  const canConfirm = !problem && members.length > 1 && difference === 0;

  const row = (transfer: SetTransfer, action: React.ReactNode) => ({
    key: transfer.ref,
    cells: [
      <span key="ref" className="font-mono text-xs">
        {transfer.ref}
        {transfer.ref === from && <span className="ml-1 font-sans text-slate-500">({t("reconciliationDecision.set.thisTransfer")})</span>}
      </span>,
      <span key="sender">
        {transfer.senderName ?? "—"}
        {transfer.near && transfer.ref !== from && (
          <span className="ml-1.5">
            <Badge tone="info">{t("reconciliationDecision.set.near", { hours: WINDOW_HOURS })}</Badge>
          </span>
        )}
      </span>,
      formatDateTime(transfer.paidAt, locale, timeZone),
      <span key="amount" className="font-medium tabular-nums">
        {money(transfer.amount)}
      </span>,
      action,
    ],
  });
  const columns = [
    { label: t("reconciliationDecision.reference") },
    { label: t("reconciliationDecision.sender") },
    { label: t("reconciliationDecision.paidAt") },
    { label: t("reconciliationDecision.transfersAmount"), align: "end" as const },
    { label: t("reconciliationDecision.set.action"), align: "end" as const },
  ];
  const linkClass = "text-sm font-medium text-indigo-600 hover:underline";

  return (
    <section aria-labelledby="set-title" className="space-y-3" data-set-builder>
      <Card className="p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="set-title" className="text-base font-semibold text-slate-900">
            {t("reconciliationDecision.set.title", { id: params.intent })}
          </h2>
          <BackLink href={back} scroll={false}>
            {t("reconciliationDecision.set.otherPayments")}
          </BackLink>
        </div>
        <p className="mt-1 text-sm text-slate-500">{t("reconciliationDecision.set.hint")}</p>
        {intent && (
          <p className="mt-2 text-sm text-slate-700">
            <Link href={`/payments/${encodeURIComponent(intent.id)}`} className="font-mono text-xs text-indigo-600 hover:underline">
              {intent.id}
            </Link>{" "}
            · {intent.amount !== null && intent.currency ? formatMoney(intent.amount, intent.currency, locale) : "—"} · {intent.customerName ?? intent.customerId ?? "—"}{" "}
            <StatusBadge status={intent.status} tones={PAYMENT_STATUS_TONES} label={(status) => t(`paymentStatus.${status}`)} />
          </p>
        )}
      </Card>
      {problem && (
        <Notice tone="warning" title={t("reconciliationDecision.set.cannotTitle")}>
          {problem}
        </Notice>
      )}
      {leftOut.length > 0 && (
        <Notice tone="warning" title={t("reconciliationDecision.set.leftOutTitle")}>
          {t("reconciliationDecision.set.leftOut", { refs: leftOut.join(", ") })}
        </Notice>
      )}
      <RelatedTable
        title={t("reconciliationDecision.set.inSet", { count: members.length })}
        columns={columns}
        rows={members.map((transfer) =>
          row(
            transfer,
            transfer.ref === from ? null : (
              <Link key="remove" href={setHref(from, { ...params, add: added.filter((ref) => ref !== transfer.ref) })} scroll={false} className={linkClass} aria-label={t("reconciliationDecision.set.removeLabel", { ref: transfer.ref })}>
                {t("reconciliationDecision.set.remove")}
              </Link>
            ),
          ),
        )}
        empty=""
        footer={
          <div className="space-y-3">
            <dl className="grid max-w-lg grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label={t("reconciliationDecision.set.sumLabel")}>
              <dt className="text-slate-500">{t("reconciliationDecision.set.total")}</dt>
              <dd className="text-right font-medium tabular-nums" data-set-total>
                {money(total)}
              </dd>
              <dt className="text-slate-500">{t("reconciliationDecision.intentAmount")}</dt>
              <dd className="text-right font-medium tabular-nums">{intent?.amount != null ? money(intent.amount) : "—"}</dd>
              <dt className="text-slate-500">{t("reconciliation.difference")}</dt>
              <dd className={cn("text-right font-semibold tabular-nums", difference === 0 ? "text-emerald-700" : "text-amber-700")} data-set-difference>
                {differenceWords}
              </dd>
            </dl>
            {!problem && members.length > 1 && difference !== 0 && difference !== null && (
              <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t("reconciliationDecision.set.mismatch", { difference: differenceWords })}
              </p>
            )}
            {!problem && members.length === 1 && <p className="text-sm text-slate-600">{t("reconciliationDecision.set.addMore")}</p>}
            {members.length > 1 && (
              <DecisionForm
                kinds={["match"]}
                payload={{ refs: members.map((transfer) => transfer.ref), paymentIntentId: params.intent }}
                labels={{ match: t("reconciliationDecision.set.confirm", { count: members.length }) }}
                disabled={!canConfirm}
              />
            )}
          </div>
        }
      />
      <RelatedTable
        title={t("reconciliationDecision.set.candidates", { currency: self.currency })}
        aside={
          <GetSearch
            name="q"
            value={params.q}
            label={t("reconciliationDecision.set.search")}
            placeholder={t("reconciliationDecision.set.searchPlaceholder")}
            button={t("reconciliationDecision.set.searchButton")}
            keep={{ find: params.find, intent: params.intent, add: added.join(",") }}
            formLabel={t("reconciliationDecision.set.searchLabel")}
            compact
          />
        }
        columns={columns}
        rows={candidates.map((transfer) =>
          row(
            transfer,
            members.length >= MAX_SET ? null : (
              <Link key="add" href={setHref(from, { ...params, add: [...added, transfer.ref], q: "" })} scroll={false} className={linkClass} aria-label={t("reconciliationDecision.set.addLabel", { ref: transfer.ref })}>
                {t("reconciliationDecision.set.add")}
              </Link>
            ),
          ),
        )}
        empty={params.q ? t("reconciliationDecision.set.noneFound", { query: params.q, days: SET_SEARCH_DAYS }) : t("reconciliationDecision.set.noneNear", { hours: WINDOW_HOURS })}
        footer={
          <p className="text-xs text-slate-500">
            {members.length >= MAX_SET ? t("reconciliationDecision.set.full", { max: MAX_SET }) : t("reconciliationDecision.set.candidatesHint", { hours: WINDOW_HOURS, days: SET_SEARCH_DAYS })}
          </p>
        }
      />
    </section>
  );
}
