import type { TimelineSubject } from "@/db/queries/timeline";
import { loadHistory } from "@/lib/timeline/load-history";
import { Timeline } from "./timeline";

/** An object's history under a detail page: <TimelineSection type="payment_intent" id={id} /> (lib/timeline loads it). */
export async function TimelineSection({ type, id }: { type: TimelineSubject["type"]; id: string }) {
  return <Timeline {...await loadHistory({ type, id })} subject={{ type }} />;
}
