// The volume chart's vertical scale: a round top (1, 2, 2.5 or 5 × a power of ten, in major units) so the axis reads
// "₡2 M" rather than "₡1 873 412,37", and bar heights on a 0–100 scale.

const STEPS = [1, 2, 2.5, 5, 10];

/** The smallest round amount (in minor units) at or above `max`, counting round in major units of a currency. */
export function niceTop(max: number, minorDigits: number): number {
  const unit = 10 ** minorDigits;
  if (max <= 0) return unit;
  const major = max / unit;
  const power = 10 ** Math.floor(Math.log10(major));
  const step = STEPS.find((s) => s * power >= major)!;
  // Below one major unit the steps would be fractions of a céntimo's worth: one unit is the floor.
  return Math.max(unit, Math.round(step * power * unit));
}

/** A bar's height out of 100; a day with any money keeps a sliver, so it never looks like a day with none. */
export function barHeight(amount: number, top: number): number {
  if (amount <= 0) return 0;
  return Math.max(1.5, (amount / top) * 100);
}
