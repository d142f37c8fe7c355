import { Notice } from "@/components/detail/notice";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/ui/back-link";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";

// The 404 of /reconciliation/transfers/[ref], inside the shell: no transfer of this mode has that reference, or the
// segment cannot be one (page.tsx).
export default async function ReconcileTransferNotFound() {
  await requireOperator("viewer");
  const t = await getT();
  return (
    <>
      <PageHeader title={t("reconciliationDecision.title")} actions={<BackLink href="/reconciliation">{t("reconciliationDecision.back")}</BackLink>} />
      <Notice tone="warning" title={t("detail.notFoundTitle")}>
        {t("reconciliationDecision.notFound")}
      </Notice>
    </>
  );
}
