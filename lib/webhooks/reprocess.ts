import "server-only";
import type { Database, Transaction } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { findStoredTwin, lockStoredEvent, projectStoredEvent, recordOutcome } from "@/db/queries/webhook-ingest";
import type { Mode } from "@/lib/env-schema";
import { REPROCESSABLE, type EventStatus } from "./event-status";
import { interpretDelivery } from "./interpret";
import { describe } from "./database-error";
import { HANDLERS, type Handlers } from "./registry";

export type ReprocessResult = { ok: true; status: EventStatus; error: string | null } | { ok: false; reason: "not_found" | "not_reprocessable" };


type Input = { mode: Mode; id: number; actor: { operatorId: string; label: string } };
type Outcome = { status: EventStatus; error: string | null };

async function audit(tx: Transaction, input: Input, before: Outcome, after: Outcome) {
  await insertAudit(tx, {
    operatorId: input.actor.operatorId,
    actor: input.actor.label,
    action: "webhook_event.reprocess",
    subjectType: "webhook_event",
    subjectId: String(input.id),
    mode: input.mode,
    before,
    after,
  });
}

/**
 * Runs a stored event through the current code again (after a fix): re-reads its raw body and, if it is now valid,
 * links its subjects and projects it, exactly as on arrival. The outcome and the operator who asked are written to the
 * audit log in the same transaction. Nothing is deleted: an event that turns out to duplicate one already stored stays,
 * marked so.
 */
export async function reprocessEvent(db: Database, input: Input, handlers: Handlers = HANDLERS): Promise<ReprocessResult> {
  try {
    return await db.transaction(async (tx) => {
      const event = await lockStoredEvent(tx, input.mode, input.id);
      if (!event) return { ok: false, reason: "not_found" } as const;
      if (!(REPROCESSABLE as readonly string[]).includes(event.status)) return { ok: false, reason: "not_reprocessable" } as const;

      const interpretation = interpretDelivery(input.mode, event.rawBody, handlers);
      let after: Outcome;
      if (interpretation.status !== "processed") {
        after = { status: interpretation.status, error: interpretation.error };
      } else {
        const twin = await findStoredTwin(tx, input.mode, interpretation.dedupeKey, event.id);
        if (twin !== undefined) {
          after = { status: event.status, error: `duplicate of event ${twin}, which is already stored` };
        } else {
          // The same write as on arrival (db/queries/webhook-ingest.ts), with the stored row standing for `ev`.
          const context = { mode: input.mode, receivedAt: event.receivedAt };
          await projectStoredEvent(tx, { id: event.id, ...context }, interpretation.effects(context));
          after = { status: "processed", error: null };
          await recordOutcome(tx, event.id, after, { type: interpretation.type, dedupeKey: interpretation.dedupeKey, payload: interpretation.payload });
        }
      }
      if (after.status !== "processed") await recordOutcome(tx, event.id, after);
      await audit(tx, input, { status: event.status, error: event.error }, after);
      return { ok: true, ...after } as const;
    });
  } catch (error) {
    // The projection failed again: record that, and who tried, without the half-done projection.
    return db.transaction(async (tx) => {
      const event = await lockStoredEvent(tx, input.mode, input.id);
      if (!event) return { ok: false, reason: "not_found" } as const;
      const after: Outcome = { status: "failed", error: `projection failed: ${describe(error)}` };
      await recordOutcome(tx, event.id, after);
      await audit(tx, input, { status: event.status, error: event.error }, after);
      return { ok: true, ...after } as const;
    });
  }
}
