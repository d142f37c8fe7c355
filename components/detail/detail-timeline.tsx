import type { TimelineSubject } from "@/db/queries/timeline";
import { getT } from "@/lib/i18n/server";
import { TimelineSection } from "@/components/timeline/timeline-section";

/**
 * The object's history under its details, as a labelled region (so it can be found and read on its own). A sibling of
 * the details in each page, never their child: React renders siblings concurrently, so the timeline's query runs
 * while the Payment Service answers, and the page takes as long as the slower of the two.
 */
export async function DetailTimeline({ type, id }: { type: TimelineSubject["type"]; id: string }) {
  const t = await getT();
  return (
    <section aria-label={t("timeline.title")} className="mt-6">
      <TimelineSection type={type} id={id} />
    </section>
  );
}
