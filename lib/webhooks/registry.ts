import "server-only";
import { z } from "zod";
import type { Messages } from "@/lib/i18n/messages/es";
import { checkoutSessionSucceeded } from "./handlers/checkout-session-succeeded";
import { mobileTransferReceived } from "./handlers/mobile-transfer-received";
import { paymentIntentDeferred } from "./handlers/payment-intent-deferred";
import { paymentIntentFailed } from "./handlers/payment-intent-failed";
import { paymentIntentSucceeded } from "./handlers/payment-intent-succeeded";
import { subscriptionRenewalFailed } from "./handlers/subscription-renewal-failed";
import { subscriptionRenewalSucceeded } from "./handlers/subscription-renewal-succeeded";
import type { EventType } from "./event-types";
import type { EventNameKey } from "./names";

/**
 * The allow-list: an event type not listed here is stored as unrecognized and never projected. Each entry is one file
 * in handlers/ declaring everything about its type; adding a type is that file, its line here and its name in both
 * catalogs (`events.types`), which `tsc` demands (below).
 */
const DEFINITIONS = [
  paymentIntentSucceeded,
  paymentIntentDeferred,
  paymentIntentFailed,
  subscriptionRenewalSucceeded,
  subscriptionRenewalFailed,
  checkoutSessionSucceeded,
  mobileTransferReceived,
] as const;

type Definition = (typeof DEFINITIONS)[number];
export type PaymentEventType = Definition["type"];
export type Handlers = { [D in Definition as D["type"]]: D };

// The browser's list of types (event-types.ts) is these definitions' types, no more and no fewer: tsc fails otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const EVENT_TYPES_MATCH_DEFINITIONS: Same<PaymentEventType, EventType> = true;

export const HANDLERS = Object.fromEntries(DEFINITIONS.map((definition) => [definition.type, definition])) as Handlers;
export const PAYMENT_EVENT_TYPES: readonly PaymentEventType[] = DEFINITIONS.map((definition) => definition.type);

export function isPaymentEventType(value: unknown): value is PaymentEventType {
  return typeof value === "string" && Object.hasOwn(HANDLERS, value);
}

type Schemas<T extends readonly Definition[]> = { -readonly [I in keyof T]: T[I]["schema"] };
/** Every event the service sends, as the spec lists them (the conformance suite checks the service against it). */
export const paymentEventSchema = z.discriminatedUnion("type", DEFINITIONS.map((definition) => definition.schema) as Schemas<typeof DEFINITIONS>);

export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export type PaymentEventOf<T extends PaymentEventType> = Extract<PaymentEvent, { type: T }>;

// Every type has a name in the catalogs (Spanish is the source; catalogs.test.ts holds English to the same keys), and
// every name there belongs to a type: a missing or stray name fails `tsc` here.
type Named = keyof Messages["events"]["types"];
const everyTypeNamed: Record<EventNameKey<PaymentEventType>, true> = {} as Record<Named, true>;
const everyNameTyped: Record<Named, true> = {} as Record<EventNameKey<PaymentEventType>, true>;
void everyTypeNamed;
void everyNameTyped;
