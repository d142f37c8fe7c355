import { Badge } from "@/components/ui/badge";
import type { CardExpiryState } from "@/lib/payments/card-expiry";

// A saved card's expiry, the same wherever a card is shown (a customer's cards, the card a failed renewal charged):
// MM/YYYY as printed on the card, and a badge when it has expired or runs out this month. Whether it has is the
// caller's to judge, on the server, in the operator's zone: cardExpiryState(card, monthIn(now, timeZone)).

const TONE = { expired: "danger", expiring: "warning" } as const satisfies Record<Exclude<CardExpiryState, "valid">, string>;

/** As printed on the card (MM/YYYY), whatever the language. */
export function formatCardExpiry(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;
}

/** The words, from the page's own part of the catalog: "Vence", "Vencida", "Vence este mes". */
export type CardExpiryWords = { expires: string; expired: string; expiring: string };

export function CardExpiry({ card, state, words }: { card: { expMonth: number; expYear: number }; state: CardExpiryState; words: CardExpiryWords }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-card-expiry={state}>
      <span>
        {words.expires} <span className="tabular-nums">{formatCardExpiry(card)}</span>
      </span>
      {state !== "valid" && <Badge tone={TONE[state]}>{words[state]}</Badge>}
    </span>
  );
}
