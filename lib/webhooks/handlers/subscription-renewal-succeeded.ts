import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ev } from "@/db/queries/webhook-ingest";
import { modeEnum, renewalFailures as rf } from "@/db/schema";
import { column, enumType, name, table } from "@/db/sql-names";
import { renewalStatusSchema } from "@/lib/payments/schemas/billing";
import { amountSchema, currencySchema, idSchema, modeSchema, timestampSchema } from "@/lib/payments/schemas/common";
import { defineEvent, subject } from "../types";
import { renewalLockKey, renewalSubjectId } from "./subscription-renewal-failed";

export const subscriptionRenewalSucceeded = defineEvent({
  type: "subscription.renewal.succeeded",
  data: z.looseObject({
    mode: modeSchema,
    status: renewalStatusSchema,
    currency: currencySchema,
    description: z.string().nullish(),
    total: amountSchema,
    periodStart: timestampSchema,
    periodEnd: timestampSchema,
    subscriptionId: idSchema,
    paymentIntentId: idSchema,
    customerId: idSchema,
  }),
  dedupeKey: (data) => `subscription.renewal.succeeded:${data.subscriptionId}:${data.periodStart}`,
  // The payload has no time of its own; the receive time stands in.
  occurredAt: () => null,
  subjects: (data) => [
    ...subject("subscription", data.subscriptionId),
    ...subject("renewal", renewalSubjectId(data.subscriptionId, data.periodStart)),
    ...subject("payment_intent", data.paymentIntentId),
    ...subject("customer", data.customerId),
  ],
  lockKey: (data) => renewalLockKey(data.subscriptionId),
  // A success recovers the failures of its period and earlier ones still retrying; an uncollectible renewal was given
  // up and stays unrecovered. The failure of its own period also learns its amount (the renewal's `total`, in the
  // event's currency) if nothing gave it one yet: the sync, the source of truth, replaces it when it copies the renewal.
  projection: (data, { mode, receivedAt }) => sql`update ${table(rf)} set ${name(rf.resolvedAt)} = ${receivedAt.toISOString()}::timestamptz, ${name(rf.resolvedByEventId)} = ${ev.id},
      ${name(rf.amount)} = case when ${column(rf.invoicePeriodStart)} = ${data.periodStart}::timestamptz and upper(coalesce(${column(rf.currency)}, ${data.currency})) = upper(${data.currency})
        then coalesce(${column(rf.amount)}, ${data.total}::bigint) else ${column(rf.amount)} end,
      ${name(rf.currency)} = case when ${column(rf.invoicePeriodStart)} = ${data.periodStart}::timestamptz then coalesce(${column(rf.currency)}, ${data.currency}) else ${column(rf.currency)} end
    from ${ev.cte}
    where ${ev.inserted} and ${column(rf.mode)} = ${mode}::${enumType(modeEnum)} and ${column(rf.subscriptionId)} = ${data.subscriptionId}
      and ${column(rf.resolvedAt)} is null and ${column(rf.invoiceStatus)} <> 'uncollectible'
      and ${column(rf.invoicePeriodStart)} <= ${data.periodStart}::timestamptz`,
  summary: { subject: "subscriptionId", amount: "total", currency: "currency", eventStatus: "status" },
});
