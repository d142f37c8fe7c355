// ISO 4217 minor units that differ from the usual two. Intl's own fraction digits follow CLDR, which sometimes
// disagrees with ISO 4217 (e.g. IQD), and amounts from the Payment Service are in ISO minor units.
const MINOR_UNIT_EXCEPTIONS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code);
}

/** Digits after the decimal point for a currency's minor unit (CRC, USD: 2; JPY, CLP: 0; KWD: 3). */
export function minorUnitDigits(currency: string): number {
  return MINOR_UNIT_EXCEPTIONS[currency.toUpperCase()] ?? 2;
}

/**
 * Integer minor units to an exact decimal string in major units: 123456 CRC → "1234.56". String arithmetic, so
 * amounts beyond 2^53 (bigint) and values like 0.1 + 0.2 never pick up floating-point error.
 */
export function minorToMajorString(amount: number | bigint, currency: string): string {
  if (typeof amount === "number" && !Number.isSafeInteger(amount)) {
    throw new RangeError(`amount must be an integer number of minor units, got ${amount}`);
  }
  const digits = minorUnitDigits(currency);
  const negative = amount < 0;
  const abs = (negative ? -BigInt(amount) : BigInt(amount)).toString().padStart(digits + 1, "0");
  const major = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return negative ? `-${major}` : major;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Exact: the amount reaches Intl as a decimal string (minorToMajorString), or as a double only where that is as exact. */
function formatCurrency(amount: number | bigint, currency: string, locale: string, style: "exact" | "compact"): string {
  const code = currency.toUpperCase();
  if (!isCurrencyCode(code)) throw new RangeError(`not an ISO 4217 currency code: ${currency}`);
  const key = `${style}|${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = minorUnitDigits(code);
    const base = { style: "currency", currency: code, currencyDisplay: "narrowSymbol" } as const;
    formatter = new Intl.NumberFormat(
      locale,
      style === "exact"
        ? { ...base, minimumFractionDigits: digits, maximumFractionDigits: digits }
        : { ...base, notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 },
    );
    formatters.set(key, formatter);
  }
  const value = majorUnits(amount, code);
  if (style === "exact" || !locale.toLowerCase().startsWith("es")) return formatter.format(value);
  // CLDR's Spanish abbreviates thousands as "K" below 10 000 and "k" above, so one axis read "$5 K" over "$10 k".
  // Spanish writes thousands as "mil" ("₡5 mil", "$10 mil"); millions keep "M".
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === "compact" && /^k$/i.test(part.value) ? "mil" : part.value))
    .join("");
}

// Below this many minor units, amount / 10^digits as a double is within less than half a unit of the last digit of
// the exact decimal (the double's error is under 2^-53 of the value), so Intl, rounding to `digits`, prints exactly
// that decimal. A decimal string is exact at any size but Intl parses it on every call: about 50 times slower, and a
// list formats an amount on every row.
const EXACT_AS_DOUBLE = 1e15;

/** The amount in major units as Intl takes it: a number when that is exact (see EXACT_AS_DOUBLE), else a decimal string. */
function majorUnits(amount: number | bigint, code: string): number | `${number}` {
  if (typeof amount === "number" && Number.isSafeInteger(amount) && Math.abs(amount) < EXACT_AS_DOUBLE) return amount / 10 ** minorUnitDigits(code);
  return minorToMajorString(amount, code) as `${number}`;
}

/** Formats integer minor units for display: formatMoney(123456, "CRC", "es-CR") → "₡1234,56". */
export function formatMoney(amount: number | bigint, currency: string, locale: string): string {
  return formatCurrency(amount, currency, locale, "exact");
}

/**
 * An amount rounded for a chart's axis, where the exact figure is one hover away: 123456700 CRC → "₡1,2 M" (es-CR),
 * "₡1.2M" (en-US); thousands are "mil" in Spanish (500000 USD → "$5 mil", "$5K"). Never for a figure an operator reads as money owed or paid.
 */
export function formatMoneyCompact(amount: number | bigint, currency: string, locale: string): string {
  return formatCurrency(amount, currency, locale, "compact");
}
