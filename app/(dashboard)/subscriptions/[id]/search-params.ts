import { createLoader, createSerializer } from "nuqs/server";
import { parseAsCursor } from "@/lib/list-params";

// The subscription page's own URL state: which page of its renewals is shown, by the renewal list meta's cursors.
// Named for the renewals so that the page can gain other lists without their cursors colliding.
export const subscriptionSearchParams = {
  renewalsAfter: parseAsCursor,
  renewalsBefore: parseAsCursor,
};

export const loadSubscriptionSearchParams = createLoader(subscriptionSearchParams);

/** The cursor to send: the service refuses both at once, so a hand-edited URL with both keeps going forward. */
export function renewalCursor(state: { renewalsAfter: string | null; renewalsBefore: string | null }) {
  if (state.renewalsAfter) return { startingAfter: state.renewalsAfter };
  if (state.renewalsBefore) return { endingBefore: state.renewalsBefore };
  return {};
}

const serializeRenewalCursor = createSerializer(subscriptionSearchParams);

export function renewalsHref(id: string, cursor: { renewalsAfter: string } | { renewalsBefore: string }): string {
  return serializeRenewalCursor(`/subscriptions/${encodeURIComponent(id)}`, cursor);
}
