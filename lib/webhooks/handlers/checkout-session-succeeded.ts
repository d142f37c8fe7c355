import "server-only";
import { sql } from "drizzle-orm";
import { subject, type WebhookHandler } from "../types";

export const checkoutSessionSucceeded: WebhookHandler<"checkout-session.succeeded"> = {
  type: "checkout-session.succeeded",
  // No id in the payload: the session's URL and creation time identify it.
  dedupeKey: (data) => `checkout-session.succeeded:${data.url}:${data.createdAt}`,
  occurredAt: (data) => data.createdAt,
  subjects: (data) => [...subject("checkout_session", data.url), ...subject("customer", data.customer?.id)],
  projection: (data, { mode }) => sql`insert into checkout_sessions as cs
      (mode, url, payment_status, currency, amount_total, customer_id, metadata, line_items, created_at, event_id)
    select ${mode}::mode, ${data.url}, ${data.paymentStatus}, ${data.currency}, ${data.amountTotal}::bigint,
      ${data.customer?.id ?? null}, ${data.metadata ? JSON.stringify(data.metadata) : null}::jsonb, ${JSON.stringify(data.lineItems)}::jsonb,
      ${data.createdAt}::timestamptz, ev.id
    from ev where ev.inserted
    on conflict (mode, url) do update set payment_status = excluded.payment_status, event_id = excluded.event_id`,
};
