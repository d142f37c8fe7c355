import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ev } from "@/db/queries/webhook-ingest";
import { checkoutSessions as cs, modeEnum } from "@/db/schema";
import { enumType, excluded, frozen, name, names, table } from "@/db/sql-names";
import { amountSchema, currencySchema, embeddedCustomerSchema, metadataSchema, modeSchema, timestampSchema } from "@/lib/payments/schemas/common";
import { defineEvent, subject } from "../types";

// The statement's fixed parts, rendered once: only the event's facts change from one delivery to the next.
const INSERT = frozen(sql`insert into ${table(cs)}
      (${names(cs.mode, cs.url, cs.paymentStatus, cs.currency, cs.amountTotal, cs.customerId, cs.metadata, cs.lineItems, cs.createdAt, cs.eventId)})`);
const UPDATE = frozen(sql`on conflict (${names(cs.mode, cs.url)}) do update set ${name(cs.paymentStatus)} = ${excluded(cs.paymentStatus)}, ${name(cs.eventId)} = ${excluded(cs.eventId)}`);

export const checkoutSessionSucceeded = defineEvent({
  type: "checkout-session.succeeded",
  data: z.looseObject({
    mode: modeSchema,
    paymentStatus: z.enum(["unpaid", "paid"]),
    currency: currencySchema,
    url: z.string().min(1),
    amountTotal: amountSchema,
    createdAt: timestampSchema,
    metadata: metadataSchema.nullish(),
    customer: embeddedCustomerSchema.nullish(),
    lineItems: z.array(
      z.looseObject({
        name: z.string(),
        description: z.string().nullish(),
        currency: currencySchema,
        amount: amountSchema,
      }),
    ),
  }),
  // No id in the payload: the session's URL and creation time identify it.
  dedupeKey: (data) => `checkout-session.succeeded:${data.url}:${data.createdAt}`,
  occurredAt: (data) => data.createdAt,
  subjects: (data) => [...subject("checkout_session", data.url), ...subject("customer", data.customer?.id)],
  projection: (data, { mode }) => sql`${INSERT}
    select ${mode}::${enumType(modeEnum)}, ${data.url}, ${data.paymentStatus}, ${data.currency}, ${data.amountTotal}::bigint,
      ${data.customer?.id ?? null}, ${data.metadata ? JSON.stringify(data.metadata) : null}::jsonb, ${JSON.stringify(data.lineItems)}::jsonb,
      ${data.createdAt}::timestamptz, ${ev.id}
    from ${ev.cte} where ${ev.inserted}
    ${UPDATE}`,
  summary: { subject: "url", amount: "amountTotal", currency: "currency", eventStatus: "paymentStatus", counterparty: "customer.name" },
});
