import { formatMoney } from "@/lib/format/money";
import { confidenceOf } from "./score";
import type { Confidence, Reason } from "./reasons";

// A suggestion's reasons in the operator's words ("misma cantidad ₡15 000", "pedido 31738 en la descripción"), from
// the codes and values the rules stored. Client-safe: the queue's table and the server pages both render them.

type ReasonKey = `reconciliationReasons.${Exclude<Reason["code"], "amount_difference"> | "amount_over" | "amount_under"}`;
/** What either side's translator is to this module: a reason's key and its values. */
export type ReasonTranslator = (key: ReasonKey, values?: Record<string, string | number>) => string;

export function reasonText(reason: Reason, t: ReasonTranslator, locale: string): string {
  const money = (amount: number, currency: string) => formatMoney(Math.round(amount), currency, locale);
  switch (reason.code) {
    case "same_amount":
      return t("reconciliationReasons.same_amount", { amount: money(reason.amount, reason.currency) });
    case "amount_difference":
      return reason.difference >= 0
        ? t("reconciliationReasons.amount_over", { amount: money(reason.difference, reason.currency) })
        : t("reconciliationReasons.amount_under", { amount: money(-reason.difference, reason.currency) });
    case "split_transfers":
      return t("reconciliationReasons.split_transfers", { count: reason.count, total: money(reason.total, reason.currency) });
    case "intent_id_in_description":
      return t("reconciliationReasons.intent_id_in_description", { value: reason.value });
    case "metadata_in_description":
      return t("reconciliationReasons.metadata_in_description", { key: reason.key, value: reason.value });
    case "sender_phone_is_customer":
      return t("reconciliationReasons.sender_phone_is_customer", { phone: reason.phone });
    case "sender_id_in_metadata":
      return t("reconciliationReasons.sender_id_in_metadata", { key: reason.key, id: reason.id });
    case "sender_name_is_customer":
      return t("reconciliationReasons.sender_name_is_customer", { name: reason.name });
    case "within_window":
      return t("reconciliationReasons.within_window", { hours: Math.round(reason.hours) });
    case "several_candidates":
      return t("reconciliationReasons.several_candidates", { count: reason.count });
    case "linked_by_service":
    case "matched_by_hand":
      return t(`reconciliationReasons.${reason.code}`);
  }
}

/** The transfers' total minus the intent's amount, when it is not zero: shown beside every suggestion, never hidden. */
export function amountDifference(match: { amount: number; intentAmount: number | null }): number | null {
  if (match.intentAmount === null || match.intentAmount === undefined) return null;
  const difference = match.amount - match.intentAmount;
  return difference === 0 ? null : difference;
}

export function confidenceOfScore(score: number | null): Confidence | null {
  return score === null ? null : confidenceOf(score);
}
