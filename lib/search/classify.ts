import { SINPE_REF_LENGTH } from "@/lib/payments/values";
import { normalizeName } from "@/lib/reconciliation/normalize";
import { phoneKey } from "./phone";

// What an operator typed into search and what it can name. Pure: the search page and the dialog's action both call it
// on the server, and its rules are unit-tested (classify.test.ts).

export const ID_KINDS = ["customer", "payment_intent", "subscription", "renewal", "connected_account"] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** Trimmed length: under 3 characters nothing can be told apart; 254 is the longest e-mail address. */
export const QUERY_LIMITS = { min: 3, max: 254 } as const;

// The sandbox's (and the service's documented) id prefixes. An id without one is still looked up, as every kind.
const PREFIXES: readonly (readonly [string, IdKind])[] = [
  ["cus_", "customer"],
  ["pi_", "payment_intent"],
  ["sub_", "subscription"],
  ["inv_", "renewal"],
  ["in_", "renewal"],
  ["acct_", "connected_account"],
];

/** Which kinds to ask for, in two rounds: the prefix's kind alone first, the others only when it is not that. */
export type IdPlan = { id: string; first: IdKind[]; then: IdKind[] };

export type InvalidReason =
  | "empty"
  | "too_short"
  | "too_long"
  | "bad_email"
  /** Only digits, too many for a phone: most likely a SINPE reference with a digit missing or extra. */
  | "reference_length"
  /** Only digits, but neither a phone we recognise nor a reference (a cédula, a truncated number). */
  | "not_a_phone"
  | "unsupported";

export type ClassifiedQuery =
  /** `id` is set when the reference could also be an unprefixed id (25-character ids exist): both are looked up. */
  | { kind: "reference"; text: string; reference: string; id: IdPlan | null }
  | { kind: "email"; text: string; email: string }
  | { kind: "phone"; text: string; phoneKey: string }
  | { kind: "id"; text: string; id: IdPlan }
  /**
   * A customer's name: its words as the reconciliation's name key writes them (no accents, no case), each of which must
   * begin a word of the name, in any order. `id` is set when the text is one plain word that could also be an
   * unprefixed id ("Rodriguez"): both are looked up.
   */
  | { kind: "name"; text: string; words: string[]; id: IdPlan | null }
  | { kind: "invalid"; text: string; reason: InvalidReason };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Ids have a letter somewhere (the service's have a prefix or are cuids); digits alone are a number of another kind.
const ID = /^(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9_-]*$/;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
// Letters of any script with their accents, and what separates the parts of a name: spaces, hyphens, apostrophes, dots.
// No digit: a name has none, and "pedido 1234" or "calle 5" is free text the search cannot look for.
const NAME = /^\p{L}[\p{L}\p{M}\s'’.-]*$/u;

function planId(id: string): IdPlan {
  const prefixed = PREFIXES.find(([prefix]) => id.startsWith(prefix))?.[1];
  return prefixed ? { id, first: [prefixed], then: ID_KINDS.filter((kind) => kind !== prefixed) } : { id, first: [...ID_KINDS], then: [] };
}

function hasKnownPrefix(id: string): boolean {
  return PREFIXES.some(([prefix]) => id.startsWith(prefix));
}

/**
 * A phone's key, or null when the text is not a phone. Without "+" or "00" only Costa Rican numbers count: 8 digits
 * starting 2–8, optionally after 506. With them any number of 8 to 15 digits (E.164) does. So a cédula such as
 * 01-2345-6789 or a 12-digit DIMEX is not mistaken for a phone.
 */
function phoneQueryKey(text: string): string | null {
  if (!PHONE_CHARACTERS.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") || digits.startsWith("00");
  if (international) {
    const length = digits.replace(/^00/, "").length;
    return length >= 8 && length <= 15 ? phoneKey(text) : null;
  }
  return /^(?:506)?[2-8]\d{7}$/.test(digits) ? phoneKey(text) : null;
}

export function classifyQuery(raw: string): ClassifiedQuery {
  const text = raw.trim();
  const invalid = (reason: InvalidReason): ClassifiedQuery => ({ kind: "invalid", text, reason });
  if (text === "") return invalid("empty");
  if (text.length < QUERY_LIMITS.min) return invalid("too_short");
  if (text.length > QUERY_LIMITS.max) return invalid("too_long");
  // No id, reference, phone or e-mail holds one; a NUL would even make PostgreSQL refuse the local lookups.
  if (/[\u0000-\u001f\u007f]/.test(text)) return invalid("unsupported");

  if (text.includes("@")) return EMAIL.test(text) ? { kind: "email", text, email: text.toLowerCase() } : invalid("bad_email");

  // A prefix says "id" more surely than a length says "reference".
  if (ID.test(text) && hasKnownPrefix(text)) return { kind: "id", text, id: planId(text) };

  // The transfer system's references all have 25 characters (the transfers list refuses any other length).
  if (text.length === SINPE_REF_LENGTH && !/\s/.test(text)) {
    const couldBeId = ID.test(text);
    return { kind: "reference", text, reference: text, id: couldBeId ? planId(text) : null };
  }

  const phone = phoneQueryKey(text);
  if (phone) return { kind: "phone", text, phoneKey: phone };

  if (NAME.test(text)) {
    const words = nameWords(text);
    if (words.length > 0) return { kind: "name", text, words, id: ID.test(text) ? planId(text) : null };
  }
  if (ID.test(text)) return { kind: "id", text, id: planId(text) };
  if (PHONE_CHARACTERS.test(text)) return invalid(text.replace(/\D/g, "").length > 15 ? "reference_length" : "not_a_phone");
  return invalid("unsupported");
}

/** The distinct words of a name as the name key has them ("María  José-Pérez" → maria, jose, perez). */
export function nameWords(text: string): string[] {
  return [...new Set((normalizeName(text) ?? "").split(" ").filter(Boolean))];
}
