import "server-only";
import { sql } from "drizzle-orm";
import { mobileTransfers } from "@/db/schema";
import { subject, type WebhookHandler } from "../types";

export const mobileTransferReceived: WebhookHandler<"mobile-transfer.received"> = {
  type: "mobile-transfer.received",
  // The transfer system's reference is unique per transfer.
  dedupeKey: (data) => `mobile-transfer.received:${data.SINPERefNumber}`,
  occurredAt: (data) => data.authorizationDate,
  subjects: (data) => subject("transfer", data.SINPERefNumber),
  async project(tx, { id, mode, data }) {
    await tx
      .insert(mobileTransfers)
      .values({
        mode,
        sinpeRefNumber: data.SINPERefNumber,
        amount: data.amount,
        currency: data.currency,
        originId: data.originId,
        originName: data.originName,
        originPhone: data.originPhone,
        description: data.description ?? null,
        authorizationDate: new Date(data.authorizationDate),
        status: "received",
        source: "webhook",
        eventId: id,
      })
      // Already known from a sync: the event adds what the list does not have (the sender's phone).
      .onConflictDoUpdate({
        target: [mobileTransfers.mode, mobileTransfers.sinpeRefNumber],
        set: {
          originPhone: sql`coalesce(${mobileTransfers.originPhone}, excluded.origin_phone)`,
          eventId: sql`coalesce(${mobileTransfers.eventId}, excluded.event_id)`,
        },
      });
  },
};
