// Whether a saved card has expired, runs out this month, or is good for longer. A card is valid through the last
// day of its expiry month, so "expired" starts on the first day of the month after it.

export type CardExpiryState = "expired" | "expiring" | "valid";
export type YearMonth = { year: number; month: number };

// Building a DateTimeFormat costs far more than using one (a list of cards, a test over 20,000 intents): one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar month `at` falls in, in a time zone (the operator's: a month ends at local midnight, not UTC's). */
export function monthIn(at: Date, timeZone: string): YearMonth {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric" });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value("year"), month: value("month") };
}

export function cardExpiryState(card: { expMonth: number; expYear: number }, today: YearMonth): CardExpiryState {
  const expiry = card.expYear * 12 + (card.expMonth - 1);
  const current = today.year * 12 + (today.month - 1);
  return expiry < current ? "expired" : expiry === current ? "expiring" : "valid";
}
