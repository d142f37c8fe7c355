import "server-only";
import { sql } from "drizzle-orm";
import { subject, type WebhookHandler } from "../types";

export const mobileTransferReceived: WebhookHandler<"mobile-transfer.received"> = {
  type: "mobile-transfer.received",
  // The transfer system's reference is unique per transfer.
  dedupeKey: (data) => `mobile-transfer.received:${data.SINPERefNumber}`,
  occurredAt: (data) => data.authorizationDate,
  subjects: (data) => subject("transfer", data.SINPERefNumber),
  // Already known from a sync: the event adds what the list does not have (the sender's phone).
  projection: (data, { mode }) => sql`insert into mobile_transfers as mt
      (mode, sinpe_ref_number, amount, currency, origin_id, origin_name, origin_phone, description, authorization_date, status, source, event_id)
    select ${mode}::mode, ${data.SINPERefNumber}, ${data.amount}::bigint, ${data.currency}, ${data.originId}, ${data.originName},
      ${data.originPhone}, ${data.description ?? null}, ${data.authorizationDate}::timestamptz, 'received', 'webhook', ev.id
    from ev where ev.inserted
    on conflict (mode, sinpe_ref_number) do update set
      origin_phone = coalesce(mt.origin_phone, excluded.origin_phone),
      event_id = coalesce(mt.event_id, excluded.event_id)`,
};
