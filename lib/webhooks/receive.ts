import "server-only";
import type { Database } from "@/db";
import { storeDelivery, type DeliveryRow, type StoredRow } from "@/db/queries/webhook-ingest";
import type { Mode } from "@/lib/env-schema";
import { isDatabaseRetryable } from "@/lib/database/unreachable";
import { describe } from "./database-error";
import type { EventStatus } from "./event-status";
import { interpretDelivery } from "./interpret";
import { HANDLERS, type Handlers } from "./registry";

export type ReceiveResult = {
  id: number;
  status: EventStatus;
  duplicate: boolean;
  /**
   * What a newly processed event stored that reconciliation's rules read: the SINPE references of its transfers and the
   * ids of its payment intents. A pass scoped to them is queued (./http.ts): a transfer gets its candidates; an intent
   * its keys (the ids and order numbers a transfer's description is compared with, and match by hand finds), the open
   * transfers that can pay it, and the withdrawal of its suggestions once it is closed. No sync pass does that for an
   * intent a webhook stored first: the sync finds it unchanged and writes nothing.
   */
  reconcile?: { refs: string[]; intentIds: string[] };
};

const result = (row: StoredRow): ReceiveResult => ({ id: row.id, status: row.status, duplicate: !row.inserted });

/**
 * Stores one authenticated delivery and projects it in ONE statement (db/queries/webhook-ingest.ts): the event row,
 * its subjects and the read models commit together or not at all, in one round trip. A projection that fails (a bug,
 * data the database refuses) leaves nothing behind, and the event is then stored on its own with status "failed", to
 * be re-processed after a fix. A database that cannot be reached throws, so the route answers 503 and the sender
 * retries.
 */
export async function receiveDelivery(
  db: Database,
  mode: Mode,
  rawBody: string,
  { receivedAt = new Date(), handlers = HANDLERS }: { receivedAt?: Date; handlers?: Handlers } = {},
): Promise<ReceiveResult> {
  const interpretation = interpretDelivery(mode, rawBody, handlers);
  const row: Omit<DeliveryRow, "status" | "error"> = {
    mode,
    type: interpretation.type,
    dedupeKey: interpretation.dedupeKey,
    rawBody,
    // The raw body is the JSON text itself: no need to serialise the parsed payload again.
    payloadJson: interpretation.payload === null ? null : rawBody,
    receivedAt,
  };
  // The event on its own, without projection. Should the database refuse its payload (jsonb has limits JSON.parse
  // does not), it is stored once more as raw text with the reason: a retry would be refused the same way.
  const storeAlone = async (status: EventStatus, error: string | null) => {
    try {
      return result(await storeDelivery(db, { ...row, status, error }));
    } catch (refused) {
      if (isDatabaseRetryable(refused) || row.payloadJson === null) throw refused;
      const reason = `${error ? `${error}; ` : ""}payload not storable as jsonb: ${describe(refused)}`;
      return result(await storeDelivery(db, { ...row, payloadJson: null, status, error: reason }));
    }
  };

  if (interpretation.status !== "processed") return storeAlone(interpretation.status, interpretation.error);
  try {
    const effects = interpretation.effects({ mode, receivedAt });
    const stored = result(await storeDelivery(db, { ...row, status: "processed", error: null }, effects));
    const of = (type: string) => [...new Set(effects.subjects.filter((s) => s.type === type).map((s) => s.id))];
    const reconcile = { refs: of("transfer"), intentIds: of("payment_intent") };
    return stored.duplicate || reconcile.refs.length + reconcile.intentIds.length === 0 ? stored : { ...stored, reconcile };
  } catch (error) {
    if (isDatabaseRetryable(error)) throw error;
    return storeAlone("failed", `projection failed: ${describe(error)}`);
  }
}
