import { formatMoney } from "@/lib/format/money";
import { formatPhone } from "@/lib/format/phone";
import { decodeSenderId } from "@/lib/format/sender-id";
import { normalizeName, normalizePhone } from "./normalize";
import { confidenceOf } from "./score";
import type { Confidence, Reason } from "./reasons";

// A suggestion's reasons in the operator's words ("misma cantidad ₡15 000", "pedido 31738 en la descripción"), from
// the codes and values the rules stored. Client-safe: the queue's table and the server pages both render them.
// The rules store comparison keys (a name without accents or case, a phone as +506…, a lower-case id or order
// number): the words show the person's details as the rest of the UI does — the sender's or customer's name as
// written, the phone in formatPhone's form, a sender id in the spec's layout — taken from the row beside the reason
// (ReasonContext) when one matches the key. A name known only as its key is not shown at all.

type ReasonKey = `reconciliationReasons.${
  | Exclude<Reason["code"], "amount_difference">
  | "amount_over"
  | "amount_under"
  | "order_in_description"
  | "sender_name_is_customer_unnamed"}`;
/** What either side's translator is to this module: a reason's key and its values. */
export type ReasonTranslator = (key: ReasonKey, values?: Record<string, string | number>) => string;

/** What the row beside the reasons knows as written: its transfers' senders, the customer, the intent's id. */
export type ReasonContext = {
  names?: readonly (string | null | undefined)[];
  phones?: readonly (string | null | undefined)[];
  intentId?: string | null;
};

/** A reason's row as the queues and the decision pages have it: its transfers' senders, its intent and customer. */
type ReasonRow = {
  transfers: readonly { senderName: string | null; senderPhone: string | null }[];
  paymentIntentId: string | null;
  intent?: { customerName: string | null } | null;
};

/** The context of a match's reasons: the names and phones its transfers and customer have as written, its intent's id. */
export function reasonContextOf(row: ReasonRow): ReasonContext {
  return {
    names: [...row.transfers.map((transfer) => transfer.senderName), row.intent?.customerName],
    phones: row.transfers.map((transfer) => transfer.senderPhone),
    intentId: row.paymentIntentId,
  };
}

/**
 * Metadata keys that name an order number, compared without case or punctuation ("orderId", "order_id", "pedido",
 * "numeroPedido"…): any metadata value can match a description (rc_reference_values), and these say "pedido"/"order".
 * Any other key is quoted as it is: «factura» 11035.
 */
const ORDER_KEYS = new Set([
  "order", "orderid", "ordernumber", "orderno", "ordernum", "orderref", "orderreference",
  "pedido", "pedidoid", "idpedido", "numeropedido", "numpedido", "nropedido", "nopedido", "ordendecompra", "orden",
]);
export const isOrderKey = (key: string) => ORDER_KEYS.has(key.normalize("NFD").replace(/[^A-Za-z0-9]/g, "").toLowerCase());

export function reasonText(reason: Reason, t: ReasonTranslator, locale: string, context: ReasonContext = {}): string {
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
    case "intent_id_in_description": {
      // The key is the id in lower case: the intent's own id when it is this one.
      const id = context.intentId && context.intentId.toLowerCase() === reason.value.toLowerCase() ? context.intentId : reason.value;
      return t("reconciliationReasons.intent_id_in_description", { value: id });
    }
    case "metadata_in_description":
      return isOrderKey(reason.key)
        ? t("reconciliationReasons.order_in_description", { value: reason.value })
        : t("reconciliationReasons.metadata_in_description", { key: reason.key, value: reason.value });
    case "sender_phone_is_customer": {
      const written = context.phones?.find((phone) => phone && normalizePhone(phone) === reason.phone);
      return t("reconciliationReasons.sender_phone_is_customer", { phone: formatPhone(written ?? reason.phone) });
    }
    case "sender_id_in_metadata":
      return t("reconciliationReasons.sender_id_in_metadata", { key: reason.key, id: decodeSenderId(reason.id).formatted });
    case "sender_name_is_customer": {
      const written = context.names?.find((name) => name && normalizeName(name) === reason.name);
      return written
        ? t("reconciliationReasons.sender_name_is_customer", { name: written.trim() })
        : t("reconciliationReasons.sender_name_is_customer_unnamed");
    }
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

/** A difference in money in words: "₡500,00 de más" over, "faltan ₡500,00" under (reconciliation.over / .under). */
export function differenceText(difference: number, currency: string, t: (key: "reconciliation.over" | "reconciliation.under", values: { amount: string }) => string, locale: string): string {
  return t(difference > 0 ? "reconciliation.over" : "reconciliation.under", { amount: formatMoney(Math.abs(difference), currency, locale) });
}

export function confidenceOfScore(score: number | null): Confidence | null {
  return score === null ? null : confidenceOf(score);
}
