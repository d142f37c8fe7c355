import type { CustomerTextFilter } from "@/db/queries/customers";
import { nameWords } from "./classify";
import { phoneKey } from "./phone";

// The Customers list's one text box, read three ways at once: a name (its words, as the global search reads one), part
// of an e-mail, or part of a phone however it is written. Pure; the list's source applies it to the sync's copy.

/** At least this many digits before the text is also looked for in phones: fewer would match most of them. */
const MIN_PHONE_DIGITS = 4;
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

export function customerTextFilter(text: string): CustomerTextFilter {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, "");
  return {
    words: nameWords(trimmed),
    email: trimmed.toLowerCase(),
    phoneDigits: PHONE_TEXT.test(trimmed) && digits.length >= MIN_PHONE_DIGITS ? phoneKey(trimmed) : null,
  };
}
