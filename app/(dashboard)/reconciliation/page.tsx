import { Suspense } from "react";
import { listPage } from "@/app/(dashboard)/list-page";
import { Notice } from "@/components/detail/notice";
import { ReconciliationTable } from "./columns";
import { DeferredPanel } from "./deferred-panel";
import { QueueSummaryPanel } from "./queue-summary";
import { RulesReadiness } from "./rules-readiness";
import { reconciliationSource } from "./source";

// GET /reconciliation — the queues (Suggested unless the URL names another) with their figures, filters, CSV and rows
// leading to each transfer's decision page; below them, the deferred payments still waiting for money.
// The figures above the queue are part of the page, not streamed in after it (no Suspense): the way back from a
// decision lands on the queue's rows (#list, BackLink's `toRows`), and a block arriving above them once the page had
// scrolled there, or found nothing to scroll past, left the rows under the window's edge. They read kept counts (a few
// milliseconds at 1,000,000 transfers: bench:reconcile's queueSummary).
export default listPage(reconciliationSource, ReconciliationTable, {
  above: (state) => (
    <>
      <RulesReadiness />
      <QueueSummaryPanel state={state} />
    </>
  ),
  below: () => (
    <Suspense>
      <DeferredPanel />
    </Suspense>
  ),
  refuse: (state, t) => (
    <Notice tone="warning" title={t("reconciliation.invalidAmountTitle")}>
      {t("reconciliation.invalidAmountBody")}
    </Notice>
  ),
});
