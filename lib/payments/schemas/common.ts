import { z } from "zod";
import { MODES } from "@/lib/env-schema";

export const modeSchema = z.enum(MODES);

/** An object id as returned by the service. */
export const idSchema = z.string().min(1);

// Kept as strings, not Dates, so parsed records can be passed from server to client components unchanged.
export const timestampSchema = z.iso.datetime({ offset: true });

/** Integer minor units (cents, céntimos). */
export const amountSchema = z.int();

/**
 * Amounts the service converts to USD cents (a customer's amountSpent, an intent's baseAmount). A conversion is not
 * guaranteed to land on a whole cent, and the money formatter only takes integers, so round at the boundary.
 */
export const usdCentsSchema = z.number().transform((value) => Math.round(value));

export const currencySchema = z.string().regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code");

export const countrySchema = z.string().regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code");

export const METADATA_LIMITS = { maxPairs: 50, maxKeyLength: 40, maxValueLength: 500 } as const;

export const metadataSchema = z
  .record(z.string().max(METADATA_LIMITS.maxKeyLength), z.string().max(METADATA_LIMITS.maxValueLength))
  .refine((metadata) => Object.keys(metadata).length <= METADATA_LIMITS.maxPairs, {
    message: `must have at most ${METADATA_LIMITS.maxPairs} pairs`,
  });

/**
 * A status whose complete value set the service does not promise. Parses any non-empty string, so a value added
 * upstream does not blank a whole list, while the type still offers the known values to `switch` and autocomplete.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(known: T) {
  return z.union([z.enum(known), z.string().min(1)]) as unknown as z.ZodType<T[number] | (string & {}), string>;
}

/** Narrows an open-enum value to its known values (for exhaustive switches). */
export function isKnownValue<const T extends readonly string[]>(known: T, value: string): value is T[number] {
  return known.includes(value);
}

export const addressSchema = z.looseObject({
  city: z.string().nullish(),
  // An unset country comes back empty rather than absent on some records.
  country: countrySchema.or(z.literal("")).nullish(),
  line1: z.string().nullish(),
  line2: z.string().nullish(),
  postalCode: z.string().nullish(),
  state: z.string().nullish(),
});

/** The short customer object that event payloads (and some records) embed. */
export const embeddedCustomerSchema = z.looseObject({
  id: idSchema,
  name: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
});

export type Address = z.infer<typeof addressSchema>;
export type EmbeddedCustomer = z.infer<typeof embeddedCustomerSchema>;
export type Metadata = z.infer<typeof metadataSchema>;
