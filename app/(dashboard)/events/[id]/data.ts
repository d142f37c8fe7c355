import "server-only";
import { getDb } from "@/db";
import { getEvent } from "@/db/queries/webhook-events";
import { requireOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { getMode } from "@/lib/mode";
import { REPROCESSABLE } from "@/lib/webhooks/reprocess";
import { eventCursor } from "../search-params";

export type EventDetail = NonNullable<Awaited<ReturnType<typeof getEvent>>>;

/**
 * One stored event of the current mode, and whether this operator may re-process it (role operator+, and a status
 * that running again can change). Undefined for an id that is malformed or belongs to the other mode.
 */
export async function loadEvent(idText: string): Promise<{ event: EventDetail; canReprocess: boolean } | undefined> {
  const operator = await requireOperator("viewer");
  const id = eventCursor(idText);
  if (id === undefined) return undefined;
  const event = await getEvent(getDb(), await getMode(), id);
  if (!event) return undefined;
  const reprocessable = (REPROCESSABLE as readonly string[]).includes(event.status);
  return { event, canReprocess: reprocessable && hasRole(operator.role, "operator") };
}
