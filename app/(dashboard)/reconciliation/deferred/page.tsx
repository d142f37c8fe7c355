import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/ui/back-link";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { DeferredPanel } from "../deferred-panel";

// GET /reconciliation/deferred — every deferred payment still waiting for money (up to DEFERRED_PAGE_LIMIT, the oldest
// first), with the transfers that could be theirs: the queue page shows the oldest few and links here.
export default async function DeferredPaymentsPage() {
  await requireOperator("viewer");
  const t = await getT();
  return (
    <>
      <PageHeader
        title={t("reconciliation.deferred.title")}
        description={t("reconciliation.deferred.description")}
        actions={<BackLink href="/reconciliation">{t("reconciliationDecision.back")}</BackLink>}
      />
      <DeferredPanel whole />
    </>
  );
}
