import "server-only";
import { recordSyncProblems, upsertSyncedRows } from "@/db/queries/sync";
import type { Db } from "@/db";
import type { Mode } from "@/lib/env-schema";
import type { PaymentClient } from "@/lib/payments/client";
import { fetchSyncRecord } from "./fetch";
import { parseRecords } from "./page";
import { RESOURCES } from "./resources";

/**
 * Reads one intent from the service and writes it to the local copy through the sync's own upsert: what this app just
 * changed upstream (a refund) reaches the Overview and the lists now, not at the next pass, under the same rules as any
 * sync write (the status only moves forward; a record failing its schema is set aside). Whether anything changed is the
 * service's word, never a status written by hand. False when the service no longer has the intent.
 */
export async function copyIntentNow(db: Db, client: PaymentClient, mode: Mode, id: string): Promise<boolean> {
  const def = RESOURCES.payments;
  const record = await fetchSyncRecord(client, def, id);
  if (record === null) return false;
  const { rows, problems } = parseRecords(def, [record], mode, new Date());
  await db.transaction(async (tx) => {
    await upsertSyncedRows(tx, "payments", rows);
    await recordSyncProblems(tx, mode, "payments", problems);
  });
  return rows.length > 0;
}
