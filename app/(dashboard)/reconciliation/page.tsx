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
export default listPage(reconciliationSource, ReconciliationTable, {
  above: (state) => (
    <>
      <Suspense>
        <RulesReadiness />
      </Suspense>
      <Suspense>
        <QueueSummaryPanel state={state} />
      </Suspense>
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
