import type { Messages } from "@/lib/i18n/messages/es";

// An event type's readable name, for the server and the browser alike: the catalogs' `events.types.<key>`, the type
// with its dots and dashes as underscores (message keys cannot contain dots). One name per type, used by the
// timelines, the events console and the Overview.

type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? Underscored<`${A}_${B}`> : S extends `${infer A}-${infer B}` ? Underscored<`${A}_${B}`> : S;

/** "payment-intent.succeeded" → "payment_intent_succeeded". */
export type EventNameKey<T extends string> = Underscored<T>;

export const eventNameKey = <T extends string>(type: T): EventNameKey<T> => type.replaceAll(".", "_").replaceAll("-", "_") as EventNameKey<T>;

type TypeMessageKey = `events.types.${keyof Messages["events"]["types"]}`;
/** The part of a translator (server or client) that names event types. */
type Names = { (key: TypeMessageKey): string; has(key: TypeMessageKey): boolean };

/**
 * A type's one readable name ("Pago exitoso"), from the catalogs' `events.types`; null for a type without one (an
 * unrecognized type, shown as sent). The catalogs, not a second list of types, say which types have a name.
 */
export function eventTypeName(t: Names, type: string | null): string | null {
  if (!type) return null;
  const key = `events.types.${eventNameKey(type)}` as TypeMessageKey;
  return t.has(key) ? t(key) : null;
}
