import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ev } from "@/db/queries/webhook-ingest";
import { mobileTransfers as mt, modeEnum } from "@/db/schema";
import { column, enumType, excluded, frozen, name, names, table } from "@/db/sql-names";
import { amountSchema, currencySchema, timestampSchema } from "@/lib/payments/schemas/common";
import { defineEvent, subject } from "../types";

// The statement's fixed parts, rendered once: only the event's facts change from one delivery to the next.
const INSERT = frozen(sql`insert into ${table(mt)}
      (${names(mt.mode, mt.sinpeRefNumber, mt.amount, mt.currency, mt.originId, mt.originName, mt.originPhone, mt.description, mt.authorizationDate, mt.status, mt.source, mt.eventId)})`);
const UPDATE = frozen(sql`on conflict (${names(mt.mode, mt.sinpeRefNumber)}) do update set
      ${name(mt.originPhone)} = coalesce(${column(mt.originPhone)}, ${excluded(mt.originPhone)}),
      ${name(mt.eventId)} = coalesce(${column(mt.eventId)}, ${excluded(mt.eventId)})`);

export const mobileTransferReceived = defineEvent({
  type: "mobile-transfer.received",
  data: z.looseObject({
    amount: amountSchema,
    currency: currencySchema,
    description: z.string().nullish(),
    SINPERefNumber: z.string().min(1),
    originId: z.string(),
    originName: z.string(),
    originPhone: z.string(),
    authorizationDate: timestampSchema,
  }),
  // The transfer system's reference is unique per transfer.
  dedupeKey: (data) => `mobile-transfer.received:${data.SINPERefNumber}`,
  occurredAt: (data) => data.authorizationDate,
  subjects: (data) => subject("transfer", data.SINPERefNumber),
  // Already known from a sync: the event adds what the list does not have (the sender's phone).
  projection: (data, { mode }) => sql`${INSERT}
    select ${mode}::${enumType(modeEnum)}, ${data.SINPERefNumber}, ${data.amount}::bigint, ${data.currency}, ${data.originId}, ${data.originName},
      ${data.originPhone}, ${data.description ?? null}, ${data.authorizationDate}::timestamptz, 'received', 'webhook', ${ev.id}
    from ${ev.cte} where ${ev.inserted}
    ${UPDATE}`,
  summary: { subject: "SINPERefNumber", amount: "amount", currency: "currency", counterparty: "originName" },
});
