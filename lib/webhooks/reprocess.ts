import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Database, Transaction } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { projectStoredEvent } from "@/db/queries/webhook-ingest";
import { webhookEvents } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import { REPROCESSABLE, type EventStatus } from "./event-status";
import { interpretDelivery } from "./interpret";
import { describe } from "./database-error";
import { HANDLERS, type Handlers } from "./registry";

export type ReprocessResult = { ok: true; status: EventStatus; error: string | null } | { ok: false; reason: "not_found" | "not_reprocessable" };

export { REPROCESSABLE };

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

const lockEvent = (tx: Transaction, input: Input) =>
  tx.select().from(webhookEvents).where(and(eq(webhookEvents.id, input.id), eq(webhookEvents.mode, input.mode))).for("update");

/**
 * Runs a stored event through the current code again (after a fix): re-reads its raw body and, if it is now valid,
 * links its subjects and projects it, exactly as on arrival. The outcome and the operator who asked are written to the
 * audit log in the same transaction. Nothing is deleted: an event that turns out to duplicate one already stored stays,
 * marked so.
 */
export async function reprocessEvent(db: Database, input: Input, handlers: Handlers = HANDLERS): Promise<ReprocessResult> {
  try {
    return await db.transaction(async (tx) => {
      const [event] = await lockEvent(tx, input);
      if (!event) return { ok: false, reason: "not_found" } as const;
      if (!(REPROCESSABLE as readonly string[]).includes(event.status)) return { ok: false, reason: "not_reprocessable" } as const;

      const interpretation = interpretDelivery(input.mode, event.rawBody, handlers);
      let after: Outcome;
      if (interpretation.status !== "processed") {
        after = { status: interpretation.status, error: interpretation.error };
      } else {
        const [twin] = await tx
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.mode, input.mode), eq(webhookEvents.dedupeKey, interpretation.dedupeKey), ne(webhookEvents.id, event.id)));
        if (twin) {
          after = { status: event.status, error: `duplicate of event ${twin.id}, which is already stored` };
        } else {
          await projectStoredEvent(tx, { id: event.id, mode: input.mode, receivedAt: event.receivedAt }, interpretation.effects({ mode: input.mode, receivedAt: event.receivedAt }));
          await tx
            .update(webhookEvents)
            .set({ type: interpretation.type, dedupeKey: interpretation.dedupeKey, payload: interpretation.payload, processedAt: new Date() })
            .where(eq(webhookEvents.id, event.id));
          after = { status: "processed", error: null };
        }
      }
      await tx.update(webhookEvents).set(after).where(eq(webhookEvents.id, event.id));
      await audit(tx, input, { status: event.status, error: event.error }, after);
      return { ok: true, ...after } as const;
    });
  } catch (error) {
    // The projection failed again: record that, and who tried, without the half-done projection.
    return db.transaction(async (tx) => {
      const [event] = await lockEvent(tx, input);
      if (!event) return { ok: false, reason: "not_found" } as const;
      const after: Outcome = { status: "failed", error: `projection failed: ${describe(error)}` };
      await tx.update(webhookEvents).set(after).where(eq(webhookEvents.id, event.id));
      await audit(tx, input, { status: event.status, error: event.error }, after);
      return { ok: true, ...after } as const;
    });
  }
}
