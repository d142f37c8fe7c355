/** What either side's translator is to this module: the two ways a payment error is worded. */
type PaymentErrorTranslator = (key: "paymentErrors.withCode" | "paymentErrors.codeOnly", values: Record<string, string>) => string;

/**
 * A payment error in words, the service's code named as one ("Fondos insuficientes (código declined)"): a reference
 * for support, not a word of the sentence. The timeline and the failed-renewals list word an error alike; client-safe.
 * Null when the service gave neither a message nor a code.
 */
export function paymentErrorText(message: string | null | undefined, code: string | null | undefined, t: PaymentErrorTranslator): string | null {
  if (message) return code ? t("paymentErrors.withCode", { message, code }) : message;
  return code ? t("paymentErrors.codeOnly", { code }) : null;
}
