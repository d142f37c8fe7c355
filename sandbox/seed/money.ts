import type { Rng } from "./random";

/** A fixed rate for baseAmount: the real one moves a little, but a constant keeps totals easy to check by hand. */
export const CRC_PER_USD = 510;

export type Currency = "CRC" | "USD";
export type Money = { amount: number; currency: Currency };

/** A number spread evenly on a log scale: small purchases are common, big ones rare, as in real sales. */
function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
}

/**
 * A price in colones as shops write them (₡4.500, ₡12.990, ₡28.000), returned in céntimos. Whole colones only:
 * nobody charges céntimos any more.
 */
export function colones(rng: Rng, min = 2_500, max = 350_000): number {
  const raw = logUniform(rng, min, max);
  const style = rng.next();
  let value: number;
  if (style < 0.6) value = Math.round(raw / (raw < 10_000 ? 500 : 1_000)) * (raw < 10_000 ? 500 : 1_000);
  else if (style < 0.85) value = Math.round(raw / 1_000) * 1_000 - (raw < 10_000 ? 50 : 10);
  else value = Math.round(raw / 50) * 50;
  return Math.min(max, Math.max(min, value)) * 100;
}

/** A price in dollars ($19.99, $45.00, $37.42), returned in cents. */
export function dollars(rng: Rng, min = 5, max = 900): number {
  const raw = logUniform(rng, min, max);
  const style = rng.next();
  const cents = style < 0.45 ? Math.round(raw) * 100 : style < 0.8 ? Math.round(raw) * 100 - 1 : Math.round(raw * 100);
  return Math.min(max * 100, Math.max(min * 100, cents));
}

export function randomMoney(rng: Rng, crcShare: number, maxColones = 350_000): Money {
  return rng.chance(crcShare)
    ? { amount: colones(rng, 2_500, maxColones), currency: "CRC" }
    : { amount: dollars(rng), currency: "USD" };
}

/** The service's baseAmount and amountSpent are USD cents. */
export function usdCents(amount: number, currency: string): number {
  return currency === "CRC" ? Math.round(amount / CRC_PER_USD) : amount;
}

/** A refund's share of an amount, in whole colones or whole cents, at least 1 and below the full amount. */
export function partOf(rng: Rng, amount: number, currency: string): number {
  const unit = currency === "CRC" ? 100 : 1;
  const part = Math.round((amount * rng.between(0.1, 0.6)) / unit) * unit;
  return Math.min(amount - unit, Math.max(unit, part));
}
