import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { CloseReason } from "@/lib/renewals/states";
import type { Db } from "../index";
import { renewalFailures as rf } from "../schema";

// An operator's closure of a failed renewal by hand, and its undoing, on the failure's own row: the state is generated
// from it (renewal-failure-state.ts). Each is one conditional UPDATE, so two operators acting at once cannot both
// close (or both reopen) the same failure, and a failure the service recovered meanwhile is left as it is. Written by
// lib/renewals/follow-up.ts inside the transaction that writes the audit row.

/** Closes an open (retrying or exhausted) failure; null when it is not open any more. */
export async function closeRenewalFailure(db: Db, { mode, id, closedBy, reason, note }: { mode: Mode; id: number; closedBy: string; reason: CloseReason; note: string }) {
  const [row] = await db
    .update(rf)
    .set({ closedAt: sql`now()`, closedBy, closeReason: reason, closeNote: note })
    .where(and(eq(rf.mode, mode), eq(rf.id, id), inArray(rf.state, ["retrying", "exhausted"])))
    .returning({ closedAt: rf.closedAt, state: rf.state });
  return row ?? null;
}

/** Reopens a failure closed by hand; null when it is not "closed" (never closed, reopened already, or recovered since). */
export async function reopenRenewalFailure(db: Db, { mode, id }: { mode: Mode; id: number }) {
  const [row] = await db
    .update(rf)
    .set({ closedAt: null, closedBy: null, closeReason: null, closeNote: null })
    .where(and(eq(rf.mode, mode), eq(rf.id, id), eq(rf.state, "closed")))
    .returning({ state: rf.state });
  return row ?? null;
}
