import { minorToMajorString, minorUnitDigits } from "./money";

// An amount an operator types, in major units ("5000", "5 000,50", "49.99"), to integer minor units. Strict on
// purpose: money typed by a person is refused when it could be read two ways, never guessed at. Whatever it reads is
// restated, formatted, before anything is sent (the refund form's confirmation step).

export type MajorAmountError = "required" | "format" | "negative" | "zero" | "decimals" | "too_large";
export type ParsedMajorAmount = { ok: true; minor: number } | { ok: false; error: MajorAmountError };

// Whole part: plain digits, or digits grouped by threes with spaces (es-CR writes "1 234,56"). Commas and points are
// never group separators: "1,234" would be 1.234 in Spanish and 1234 in English, so only one of them may appear, once,
// as the decimal separator. A comma in "1,234" then reads as a decimal and fails the currency's decimals.
const AMOUNT = /^(\d+|\d{1,3}(?: \d{3})+)(?:[.,](\d+))?$/;

export function parseMajorAmount(text: string, currency: string): ParsedMajorAmount {
  // Intl puts no-break spaces between groups; a copied "₡1 234,56" keeps them.
  const value = text.replace(/[\u00a0\u202f]/g, " ").trim();
  if (value === "") return { ok: false, error: "required" };
  if (/^[-−]/.test(value)) return { ok: false, error: "negative" };
  const match = AMOUNT.exec(value);
  if (!match) return { ok: false, error: "format" };
  const whole = match[1]!.replaceAll(" ", "");
  const fraction = match[2] ?? "";
  const digits = minorUnitDigits(currency);
  if (fraction.length > digits) return { ok: false, error: "decimals" };
  const minor = BigInt(whole + fraction.padEnd(digits, "0"));
  if (minor === 0n) return { ok: false, error: "zero" };
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: "too_large" };
  return { ok: true, minor: Number(minor) };
}

/** Minor units as an operator would type them back, with the locale's decimal separator: 500050 CRC → "5000,50" (es). */
export function toMajorInput(minor: number, currency: string, locale: string): string {
  const plain = minorToMajorString(minor, currency);
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
  return separator === "," ? plain.replace(".", ",") : plain;
}
