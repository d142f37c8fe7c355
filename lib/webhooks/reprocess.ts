import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Database, Transaction } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { webhookEvents } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import { interpretDelivery } from "./interpret";
import { applyEvent } from "./receive";
import { HANDLERS, type Handlers } from "./registry";

type EventStatus = "processed" | "invalid" | "unrecognized" | "failed";

export type ReprocessResult =
  | { ok: true; status: EventStatus; error: string | null }
  | { ok: false; reason: "not_found" | "not_reprocessable" };

async function auditReprocess(
  tx: Transaction,
  input: { mode: Mode; actor: { operatorId: string; label: string } },
  event: { id: number; status: string; error: string | null },
  after: { status: EventStatus; error: string | null },
) {
  await insertAudit(tx, {
    operatorId: input.actor.operatorId,
    actor: input.actor.label,
    action: "webhook_event.reprocess",
    subjectType: "webhook_event",
    subjectId: String(event.id),
    mode: input.mode,
    before: { status: event.status, error: event.error },
    after,
  });
}

/** Only these can change by running again: a processed event has done its work, a duplicate never had any. */
export const REPROCESSABLE = ["invalid", "failed", "unrecognized"] as const;

/**
 * Runs a stored event through the current code again (after a fix): re-reads its raw body, and if it is now valid,
 * links its subjects and projects it. The outcome and the operator who asked are written to the audit log in the same
 * transaction. Nothing is deleted: an event that turns out to duplicate one already processed stays, marked so.
 */
export async function reprocessEvent(
  db: Database,
  input: { mode: Mode; id: number; actor: { operatorId: string; label: string } },
  handlers: Handlers = HANDLERS,
): Promise<ReprocessResult> {
  const attempt = async (projectHandlers: Handlers) =>
    db.transaction(async (tx) => {
      const [event] = await tx.select().from(webhookEvents).where(and(eq(webhookEvents.id, input.id), eq(webhookEvents.mode, input.mode))).for("update");
      if (!event) return { ok: false as const, reason: "not_found" as const };
      if (!(REPROCESSABLE as readonly string[]).includes(event.status)) return { ok: false as const, reason: "not_reprocessable" as const };

      const interpretation = interpretDelivery(input.mode, event.rawBody, projectHandlers);
      let after: { status: EventStatus; error: string | null };
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
          await tx.update(webhookEvents).set({ type: interpretation.type, dedupeKey: interpretation.dedupeKey, payload: interpretation.payload }).where(eq(webhookEvents.id, event.id));
          await applyEvent(tx, event.id, input.mode, interpretation, event.receivedAt, projectHandlers);
          after = { status: "processed", error: null };
        }
      }
      await tx
        .update(webhookEvents)
        .set({ status: after.status, error: after.error, processedAt: after.status === "processed" ? new Date() : event.processedAt })
        .where(eq(webhookEvents.id, event.id));
      await auditReprocess(tx, input, event, after);
      return { ok: true as const, ...after };
    });

  try {
    return await attempt(handlers);
  } catch (error) {
    // The projection failed again: record that (and who tried) without the half-done projection.
    const message = error instanceof Error ? error.message : String(error);
    return db.transaction(async (tx) => {
      const [event] = await tx.select().from(webhookEvents).where(and(eq(webhookEvents.id, input.id), eq(webhookEvents.mode, input.mode))).for("update");
      if (!event) return { ok: false as const, reason: "not_found" as const };
      const after = { status: "failed" as const, error: `projection failed: ${message}` };
      await tx.update(webhookEvents).set(after).where(eq(webhookEvents.id, event.id));
      await auditReprocess(tx, input, event, after);
      return { ok: true as const, ...after };
    });
  }
}
