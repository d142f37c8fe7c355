import type { Address } from "@/lib/payments/schemas";

const regionNames = new Map<string, Intl.DisplayNames>();

function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * An address as the lines an envelope would have: street, details, "city, state postal code", country in the
 * operator's language. Empty parts are left out; an address with nothing in it has no lines.
 */
export function addressLines(address: Address | null | undefined, locale: string): string[] {
  if (!address) return [];
  const clean = (value: string | null | undefined) => value?.trim() || null;
  const place = [clean(address.city), [clean(address.state), clean(address.postalCode)].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const country = clean(address.country);
  return [clean(address.line1), clean(address.line2), place || null, country && countryName(country, locale)].filter((line): line is string => !!line);
}
