import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { checkoutSessionKey, listCheckoutSessions, type CheckoutSessionFilters } from "@/db/queries/checkout-sessions";
import { createdAtRange } from "@/lib/list-params";
import { checkoutSessionsList, type CheckoutSessionsSearchParams } from "./list";
import { toCheckoutSessionRow } from "./rows";

/** The URL's filters as the query's, in a mode; the created range is days in the operator's zone. */
function toFilters(state: CheckoutSessionsSearchParams, mode: CheckoutSessionFilters["mode"], timeZone: string): CheckoutSessionFilters {
  const created = createdAtRange(state.from, state.to, timeZone);
  return {
    mode,
    ...(state.status && { paymentStatus: state.status }),
    ...(state.metadata && { metadataValue: state.metadata }),
    ...(state.customerId && { customerId: state.customerId }),
    ...(created?.gte && { createdFrom: new Date(created.gte) }),
    ...(created?.lt && { createdBefore: new Date(created.lt) }),
  };
}

/**
 * One page of recorded checkout sessions from this app's database (the service has no list of them): the shared
 * cursors carry session keys. Both cursors at once (a hand-edited link) starts over rather than failing.
 */
export const checkoutSessionsSource = defineListSource(checkoutSessionsList, {
  fetchPage: async ({ db, mode, timeZone, counting }, state) => {
    const both = !!state.startingAfter && !!state.endingBefore;
    const page = await listCheckoutSessions(db(), toFilters(state, mode, timeZone), {
      limit: state.limit,
      counting,
      ...(!both && state.startingAfter && { startingAfter: state.startingAfter }),
      ...(!both && state.endingBefore && { endingBefore: state.endingBefore }),
    });
    return { ...page, items: page.items.map((session) => ({ ...session, key: checkoutSessionKey(session.url) })) };
  },
  toRow: toCheckoutSessionRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.fields("status"),
    c.money("amount", (row) => row),
    c.fields("customerName", "customerEmail", "customerId", "metadata", "lineItemCount"),
    c.fields("addsUp", "url"),
  ],
});
