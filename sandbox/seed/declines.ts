import type { SandboxPaymentIntent } from "@/sandbox/model";
import type { Rng, Weighted } from "./random";

export type PaymentError = NonNullable<SandboxPaymentIntent["lastPaymentError"]>;

// The reasons are the spec's card decline reasons; decline codes are issuer/gateway codes (not one code space), which
// the app must show as given rather than interpret. Objects are shared by every intent that failed the same way:
// treat them as read-only.
const DECLINES: Weighted<PaymentError> = [
  [{ code: "declined", type: "card_error", reason: "issuer_declined", declineCode: "51", message: "Fondos insuficientes." }, 30],
  [{ code: "declined", type: "card_error", reason: "issuer_declined", declineCode: "insufficient_funds", message: "La tarjeta no tiene fondos suficientes." }, 12],
  [{ code: "declined", type: "card_error", reason: "issuer_declined", declineCode: "05", message: "El banco emisor rechazó la transacción." }, 22],
  [{ code: "declined", type: "card_error", reason: "issuer_declined", declineCode: "54", message: "La tarjeta está vencida." }, 6],
  [{ code: "declined", type: "card_error", reason: "gateway_declined", declineCode: "59", message: "Transacción rechazada por las reglas de riesgo." }, 8],
  [{ code: "declined", type: "card_error", reason: "onvo_declined", declineCode: "too_many_attempts", message: "Se superó el número de intentos permitidos." }, 5],
  [{ code: "declined", type: "processing_error", reason: "processor_error", declineCode: "96", message: "Error del procesador. Intente de nuevo." }, 10],
  [{ code: "declined", type: "processing_error", reason: "unknown", declineCode: "unknown", message: "No se pudo completar el pago." }, 7],
];

export function cardDecline(rng: Rng): PaymentError {
  return rng.weighted(DECLINES);
}
