import { randomInt } from "node:crypto";
import { newId } from "../ids";
import { crDateDigits } from "../seed/time";
import { MERCHANT_PHONE, type Mode, type SandboxCustomer, type SandboxMobileTransfer, type SandboxPaymentIntent } from "../model";
import type { Store } from "../store/store";
import type { WebhookDeliverer } from "../webhooks/deliverer";

export type ScenarioContext = {
  store: Store;
  mode: Mode;
  webhooks: WebhookDeliverer;
  publicUrl: string;
  /** What the caller named (query string and JSON body), for the scenarios that can be aimed at one record. */
  input?: Record<string, string>;
};
export type ScenarioResult = { summary: string; created?: Record<string, string>; events: string[] };
export type Scenario = { name: string; description: string; run: (context: ScenarioContext) => ScenarioResult };

/** A scenario that cannot run in the current state (answered 409). */
export class ScenarioError extends Error {}

export const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

/** A random customer with a name, phone and e-mail (SINPE matching needs the phone; events carry all three). */
export function pickCustomer({ store, mode }: ScenarioContext): SandboxCustomer {
  const customers = store.collection(mode, "customers").all();
  const complete = customers.filter((c) => c.name && c.phone && c.email);
  return pick(complete.length > 0 ? complete : customers);
}

/** The merchant account id the seed used for this mode's intents. */
export function accountId({ store, mode }: ScenarioContext): string {
  return store.collection(mode, "paymentIntents").all()[0]?.accountId ?? `acct_merchant_${mode}`;
}

/** A colón amount that looks like a real price: ₡1,000–₡150,000 in steps of ₡500, in céntimos. */
export const colonAmount = () => randomInt(2, 301) * 500 * 100;

const usdPerColon = 1 / 510;

export function createIntent(
  context: ScenarioContext,
  fields: Pick<SandboxPaymentIntent, "status" | "paymentMethodType"> &
    Partial<Pick<SandboxPaymentIntent, "amount" | "currency" | "description" | "lastPaymentError" | "metadata">> & { customer?: SandboxCustomer },
): SandboxPaymentIntent {
  const { store, mode } = context;
  const now = store.now().toISOString();
  const amount = fields.amount ?? colonAmount();
  const currency = fields.currency ?? "CRC";
  const customer = fields.customer;
  return store.save(mode, "paymentIntents", {
    id: newId("pi"),
    mode,
    status: fields.status,
    amount,
    currency,
    baseAmount: currency === "USD" ? amount : Math.round(amount * usdPerColon),
    description: fields.description ?? `Pedido ${randomInt(10_000, 99_999)}`,
    customerId: customer?.id ?? null,
    customer: customer ? { id: customer.id, name: customer.name, phone: customer.phone, email: customer.email } : null,
    paymentMethodId: fields.paymentMethodType === "card" ? newId("pm") : customer ? sinpeMethodOf(context, customer) : null,
    paymentMethodType: fields.paymentMethodType,
    accountId: accountId(context),
    confirmationAttempts: fields.status === "succeeded" ? 1 : 0,
    lastPaymentError: fields.lastPaymentError ?? null,
    amountRefunded: 0,
    metadata: fields.metadata ?? { canal: "sandbox" },
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The customer's SINPE Móvil payment method, saved on first use. A deferred event names "a payment method of the same
 * customer", so a SINPE intent needs one: without it the event carried paymentMethodId "".
 */
function sinpeMethodOf({ store, mode }: ScenarioContext, customer: SandboxCustomer): string {
  const methods = store.collection(mode, "paymentMethods");
  const saved = methods.all().find((method) => method.customerId === customer.id && method.type === "mobile_transfer");
  if (saved) return saved.id;
  const billing = { name: customer.name ?? null, phone: customer.phone ?? null, address: customer.address ?? null };
  return store.save(mode, "paymentMethods", { id: newId("pm"), mode, customerId: customer.id, type: "mobile_transfer", billing, createdAt: store.now().toISOString() }).id;
}

export function updateIntent(context: ScenarioContext, intent: SandboxPaymentIntent, patch: Partial<SandboxPaymentIntent>) {
  return context.store.save(context.mode, "paymentIntents", { ...intent, ...patch, updatedAt: context.store.now().toISOString() });
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/**
 * 25 characters: the authorization date (yyyymmdd) and 17 digits, as the transfer system assigns them. The date is
 * Costa Rica's, as the seed's (sandbox/seed/transfers.ts): UTC's named the 1st of December for a transfer made on the
 * evening of 30 November there.
 */
export function sinpeReference(at: Date): string {
  return `${crDateDigits(at.getTime())}${digits(17)}`;
}

/** +50688123456 → 8812-3456, the local form SINPE reports a sender's phone in. */
export function localPhone(phone: string | null | undefined): string {
  const local = (phone ?? "").replace(/\D/g, "").replace(/^506(?=\d{8}$)/, "");
  return local.length === 8 ? `${local.slice(0, 4)}-${local.slice(4)}` : `8${digits(3)}-${digits(4)}`;
}

/** A sender id in one of the spec's formats (physical id by default; the others for strays). */
export function senderId(): string {
  return pick([
    () => `0${randomInt(1, 10)}-${digits(4)}-${digits(4)}`,
    () => `1${digits(11)}`,
    () => `3-101-${digits(6)}`,
    () => `4-000-${digits(6)}`,
    () => `5${digits(11)}`,
    () => `9${digits(11)}`,
  ])();
}

export function createTransfer(
  context: ScenarioContext,
  fields: { amount: number; currency: string; customer?: SandboxCustomer; paymentIntentId: string | null; description: string; status?: SandboxMobileTransfer["status"] },
): SandboxMobileTransfer {
  const { store, mode } = context;
  const now = store.now();
  const authorized = new Date(now.getTime() - 4_000);
  return store.save(mode, "mobileTransfers", {
    id: newId("mt"),
    mode,
    amount: fields.amount,
    currency: fields.currency,
    status: fields.status ?? "received",
    description: fields.description,
    SINPERefNumber: sinpeReference(authorized),
    originId: senderId(),
    originName: fields.customer?.name ?? "Persona Desconocida Rojas",
    originPhone: localPhone(fields.customer?.phone),
    destinationPhone: MERCHANT_PHONE,
    authorizationDate: authorized.toISOString(),
    createdAt: now.toISOString(),
    paymentIntentId: fields.paymentIntentId,
  });
}

export const DECLINES = [
  { reason: "issuer_declined", declineCode: "51", message: "Fondos insuficientes" },
  { reason: "issuer_declined", declineCode: "05", message: "No honrar" },
  { reason: "gateway_declined", declineCode: "risk_threshold", message: "Rechazada por reglas de riesgo" },
  { reason: "onvo_declined", declineCode: "blocked_card", message: "Tarjeta bloqueada por seguridad" },
  { reason: "processor_error", declineCode: "timeout", message: "El procesador no respondió" },
] as const;
