import "server-only";
import { and, eq } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { paymentIntents } from "../schema";

/**
 * What the webhook events made of one intent: the API is the source of truth for its fields, but only this read model
 * knows that a failure arrived after a success (`conflict`), which the service itself never reports.
 */
export async function getIntentReadModel(db: Db, { mode, id }: { mode: Mode; id: string }) {
  const [row] = await db
    .select({ status: paymentIntents.status, conflict: paymentIntents.conflict, lastEventAt: paymentIntents.lastEventAt })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.mode, mode), eq(paymentIntents.id, id)))
    .limit(1);
  return row ?? null;
}
