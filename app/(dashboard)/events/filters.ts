import type { EventFilters } from "@/db/queries/webhook-events";
import { createdAtRange } from "@/lib/list-params";
import type { EventsSearchParams } from "./search-params";

/** The URL's filters as the query's, in a mode; the received range is days in the operator's zone. Shared with the export. */
export function toEventFilters(state: EventsSearchParams, mode: EventFilters["mode"], timeZone: string): EventFilters {
  const received = createdAtRange(state.from, state.to, timeZone);
  return {
    mode,
    ...(state.type && { type: state.type }),
    ...(state.status && { status: state.status }),
    ...(state.subject && { subjectId: state.subject }),
    // createdAtRange's bounds are Dates already; the shared type also allows the API's ISO text.
    ...(received?.gte && { receivedFrom: new Date(received.gte) }),
    ...(received?.lt && { receivedBefore: new Date(received.lt) }),
  };
}
