// The keys a transfer's sender and an intent's customer are compared by, written out in TypeScript as the reference
// for the SQL functions the set-based rules use (rc_phone, rc_sender_id, rc_name, rc_description_tokens,
// rc_reference_values: drizzle/0009_reconciliation_keys.sql, some rewritten for speed by 0041 with the same results:
// db/queries/reconciliation-key-functions.int.test.ts); db/queries/reconciliation.int.test.ts checks that both give the
// same key for the same input.
import { decodeSenderId } from "@/lib/format/sender-id";
import { phoneKey } from "@/lib/search/phone";

/** "8812-3456", "+506 8812 3456", "0050688123456" → "+50688123456"; another country keeps its code; nothing → null. */
export function normalizePhone(raw: string | null | undefined): string | null {
  const key = phoneKey(raw);
  if (key === "") return null;
  return /^\d{8}$/.test(key) ? `+506${key}` : `+${key}`;
}

/** A sender id in the spec's layout ("0112345678" → "01-1234-5678"); null when it is none of the spec's formats. */
export function normalizeSenderId(raw: string | null | undefined): string | null {
  const decoded = decodeSenderId(raw);
  return decoded.kind === "unknown" ? null : decoded.formatted;
}

/** "José  PÉREZ-Mora" → "jose perez mora": no accents, no case, one space between words; nothing → null. */
export function normalizeName(raw: string | null | undefined): string | null {
  const name = (raw ?? "")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return name === "" ? null : name;
}

/**
 * The words of a transfer's description that can name an intent: its id, or an order number from its metadata.
 * Lower case; runs of letters, digits and "_" (with inner dashes kept whole and also split), four characters or more.
 */
export function descriptionTokens(description: string | null | undefined): string[] {
  const text = (description ?? "").toLowerCase();
  const tokens = new Set<string>();
  for (const [whole] of text.matchAll(/[a-z0-9_]+(?:-[a-z0-9_]+)*/g)) {
    for (const token of [whole, ...whole.split("-")]) if (token.length >= 4) tokens.add(token);
  }
  return [...tokens];
}

/** A metadata value worth looking for in descriptions: one token with a digit in it (an order number, not "web"). */
export function referenceValue(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  return /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/.test(text) && text.length >= 4 && /\d/.test(text) ? text : null;
}
