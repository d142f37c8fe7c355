import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { mobileTransfers } from "../schema";

// What this app recorded of SINPE transfers (from mobile-transfer.received and the sync). It knows what the API's
// record lacks — the sender's phone, when the event reached us — and which intent a transfer was linked to here.

const columns = {
  sinpeRefNumber: mobileTransfers.sinpeRefNumber,
  amount: mobileTransfers.amount,
  currency: mobileTransfers.currency,
  originId: mobileTransfers.originId,
  originName: mobileTransfers.originName,
  originPhone: mobileTransfers.originPhone,
  description: mobileTransfers.description,
  authorizationDate: mobileTransfers.authorizationDate,
  paymentIntentId: mobileTransfers.paymentIntentId,
  source: mobileTransfers.source,
  eventId: mobileTransfers.eventId,
  receivedAt: mobileTransfers.receivedAt,
};

export async function getLocalTransfer(db: Db, { mode, reference }: { mode: Mode; reference: string }) {
  const [row] = await db
    .select(columns)
    .from(mobileTransfers)
    .where(and(eq(mobileTransfers.mode, mode), eq(mobileTransfers.sinpeRefNumber, reference)))
    .limit(1);
  return row ?? null;
}

/** The transfer that paid an intent, if one was linked to it (the latest, should a mistake have linked two). */
export async function getTransferForIntent(db: Db, { mode, paymentIntentId }: { mode: Mode; paymentIntentId: string }) {
  const [row] = await db
    .select(columns)
    .from(mobileTransfers)
    .where(and(eq(mobileTransfers.mode, mode), eq(mobileTransfers.paymentIntentId, paymentIntentId)))
    .orderBy(desc(mobileTransfers.receivedAt))
    .limit(1);
  return row ?? null;
}

export type LocalTransfer = NonNullable<Awaited<ReturnType<typeof getLocalTransfer>>>;
