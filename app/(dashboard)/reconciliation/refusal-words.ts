import { differenceText } from "@/lib/reconciliation/reasons-text";
import { formatMoney } from "@/lib/format/money";
import { formatCalendarDay, formatDateTime } from "@/lib/format/time";
import type { Translator } from "@/lib/i18n/server";
import type { ClosedPeriod, DecisionResult } from "@/lib/reconciliation/decision-errors";
import type { MobileTransferStatus } from "@/lib/payments/schemas/records";

// A refused reconciliation decision in the operator's language. The decision layer (lib/reconciliation/decisions.ts)
// returns a code and its facts; the words are the catalogs' (reconciliationDecision.errors.<code>).

export type Words = { t: Translator; locale: string; timeZone: string };

/** The input fields the catalogs name (reconciliationDecision.fields); any other is shown as it is. */
const NAMED_FIELDS = ["matchId", "refs", "ref", "paymentIntentId", "note", "mode"] as const;
const isNamed = (field: string): field is (typeof NAMED_FIELDS)[number] => (NAMED_FIELDS as readonly string[]).includes(field);

/**
 * Closed periods in words: "el día 24 de noviembre de 2026 en CRC; el mes de noviembre de 2026 en CRC" (a period's
 * first day names it; a month by its month). The refusal and the transfer page's notice say them alike.
 */
export function closedPeriodsText(periods: readonly ClosedPeriod[], { t, locale }: Pick<Words, "t" | "locale">): string {
  return periods
    .map((period) =>
      t("reconciliationDecision.errors.closedPeriod", {
        kind: period.kind,
        from: formatCalendarDay(period.fromDay, locale, period.kind === "month" ? { month: "long", year: "numeric" } : { day: "numeric", month: "long", year: "numeric" }),
        currency: period.currency,
      }),
    )
    .join("; ");
}

/**
 * A refused decision in words, in the operator's language: the decision layer gives a code and its facts (who decided
 * first, how and when; by how much a set misses its payment; which closed period), the catalogs give the words.
 */
export function explainRefusal(result: Extract<DecisionResult, { ok: false }>, { t, locale, timeZone }: Words): string {
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  switch (result.error) {
    case "already_decided": {
      const decided = result.decided;
      if (!decided.decidedBy && decided.rule === "linked_by_service") return t("reconciliationDecision.errors.already_decided_service", { intent: decided.paymentIntentId ?? "?" });
      return t("reconciliationDecision.errors.already_decided", {
        who: decided.decidedBy ? `${decided.decidedBy.name} (${decided.decidedBy.email})` : "?",
        state: t(`reconciliationDecision.states.${decided.state}`),
        intent: decided.paymentIntentId ? t("reconciliationDecision.errors.againstIntent", { intent: decided.paymentIntentId }) : "",
        when: decided.decidedAt ? formatDateTime(decided.decidedAt, locale, timeZone) : "?",
      });
    }
    case "forbidden":
    case "withdrawn":
      return t(`reconciliationDecision.errors.${result.error}`);
    case "invalid_input":
      return t("reconciliationDecision.errors.invalid_input", {
        fields: result.fields.map((field) => (isNamed(field) ? t(`reconciliationDecision.fields.${field}`) : field)).join(", "),
      });
    case "not_found":
      return t("reconciliationDecision.errors.not_found", { missing: result.missing });
    case "not_undoable":
      return t("reconciliationDecision.errors.not_undoable", { why: result.why, state: t(`reconciliationDecision.states.${result.state}`) });
    case "intent_closed":
      return t("reconciliationDecision.errors.intent_closed", { status: result.status });
    case "not_received":
      return t("reconciliationDecision.errors.not_received", {
        refs: result.refs.join(", "),
        status: result.status ? t(`transfer.status.${result.status as MobileTransferStatus}`) : "—",
      });
    case "currency_mismatch":
      return t("reconciliationDecision.errors.currency_mismatch", { transfers: result.transfers.join(", "), intent: result.intent ?? "?" });
    case "amount_mismatch":
      return t("reconciliationDecision.errors.amount_mismatch", {
        count: result.count,
        total: money(result.total, result.currency),
        intentAmount: result.intentAmount === null ? "?" : money(result.intentAmount, result.currency),
        difference:
          result.difference === null
            ? "?"
            : differenceText(result.difference, result.currency, t, locale),
      });
    case "closed_period":
      return t("reconciliationDecision.errors.closed_period", {
        periods: closedPeriodsText(result.periods, { t, locale }),
      });
  }
}

