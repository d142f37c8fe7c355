import "server-only";
import { getDb } from "@/db";
import { getEvent, getLinkedSubjects } from "@/db/queries/webhook-events";
import { readAsOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { getMode } from "@/lib/mode";
import { interpretDelivery } from "@/lib/webhooks/interpret";
import { REPROCESSABLE } from "@/lib/webhooks/reprocess";
import { eventCursor } from "../search-params";

export type EventDetail = NonNullable<Awaited<ReturnType<typeof getEvent>>> & { subjects: Awaited<ReturnType<typeof getLinkedSubjects>> };

/**
 * One stored event of the current mode, and whether this operator may re-process it (role operator+, and a status
 * that running again can change). Undefined for an id that is malformed or belongs to the other mode.
 */
export async function loadEvent(idText: string): Promise<{ event: EventDetail; canReprocess: boolean } | undefined> {
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
  if (!event) return undefined;
  const reprocessable = (REPROCESSABLE as readonly string[]).includes(event.status);
  return { event, canReprocess: reprocessable && hasRole(operator.role, "operator") };
}
