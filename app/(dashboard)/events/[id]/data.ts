import "server-only";
import { notFound } from "next/navigation";
import { getDb } from "@/db";
import { getEvent, getLinkedSubjects } from "@/db/queries/webhook-events";
import { readAsOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { getMode } from "@/lib/mode";
import type { Settled } from "@/lib/payments/settle";
import { interpretDelivery } from "@/lib/webhooks/interpret";
import { REPROCESSABLE } from "@/lib/webhooks/event-status";
import { eventCursor } from "../search-params";

export type EventDetail = NonNullable<Awaited<ReturnType<typeof getEvent>>> & { subjects: Awaited<ReturnType<typeof getLinkedSubjects>> };

/**
 * One stored event of the current mode, and whether this operator may re-process it (role operator+, and a status
 * that running again can change). An id that is malformed or belongs to the other mode → the route's 404. Read from
 * this app's database only, so never a service failure.
 */
export async function loadEvent(idText: string): Promise<Settled<{ event: EventDetail; canReprocess: boolean }>> {
  const id = eventCursor(idText);
  const db = getDb();
  const mode = await getMode();
  const { operator, value: event } = await readAsOperator("viewer", async () => {
    const stored = id === undefined ? undefined : await getEvent(db, mode, id);
    if (!stored) return undefined;
    // The objects it concerns are those its body names (read again, exactly as on arrival), as far as they were linked.
    const read = interpretDelivery(mode, stored.rawBody);
    const subjects = await getLinkedSubjects(db, { mode, eventId: stored.id, candidates: read.status === "processed" ? read.subjects : [] });
    return { ...stored, subjects };
  });
  if (!event) notFound();
  const reprocessable = (REPROCESSABLE as readonly string[]).includes(event.status);
  return { ok: true, value: { event, canReprocess: reprocessable && hasRole(operator.role, "operator") } };
}
