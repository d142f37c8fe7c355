import "server-only";
import { sql } from "drizzle-orm";
import { checkoutSessions } from "@/db/schema";
import { subject, type WebhookHandler } from "../types";

export const checkoutSessionSucceeded: WebhookHandler<"checkout-session.succeeded"> = {
  type: "checkout-session.succeeded",
  // No id in the payload: the session's URL and creation time identify it.
  dedupeKey: (data) => `checkout-session.succeeded:${data.url}:${data.createdAt}`,
  occurredAt: (data) => data.createdAt,
  subjects: (data) => [...subject("checkout_session", data.url), ...subject("customer", data.customer?.id)],
  async project(tx, { id, mode, data }) {
    await tx
      .insert(checkoutSessions)
      .values({
        mode,
        url: data.url,
        paymentStatus: data.paymentStatus,
        currency: data.currency,
        amountTotal: data.amountTotal,
        customerId: data.customer?.id ?? null,
        metadata: data.metadata ?? null,
        lineItems: data.lineItems,
        createdAt: new Date(data.createdAt),
        eventId: id,
      })
      .onConflictDoUpdate({
        target: [checkoutSessions.mode, checkoutSessions.url],
        set: { paymentStatus: sql`excluded.payment_status`, eventId: sql`excluded.event_id` },
      });
  },
};
