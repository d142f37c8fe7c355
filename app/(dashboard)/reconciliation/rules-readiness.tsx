import "server-only";
import { Notice } from "@/components/detail/notice";
import { getDb } from "@/db";
import { getReconcileReadiness } from "@/db/queries/reconciliation-readiness";
import { requireOperator } from "@/lib/auth/require-operator";
import { getFormatting } from "@/lib/i18n/formatting";
import { getMode } from "@/lib/mode";
import { resourceNames } from "../_sync/sync-text";

/**
 * Above the queues, while they are not the rules' result over a whole copy: a copy the rules read (transfers, payments,
 * customers) has no complete backfill yet, so the sync runs no pass (lib/reconciliation/jobs.ts), or a full pass is
 * queued or running. The sync's own line may say "al día" meanwhile: it speaks of the copy, this of the suggestions.
 */
export async function RulesReadiness() {
  await requireOperator("viewer");
  const mode = await getMode();
  const [{ t, locale }, readiness] = await Promise.all([getFormatting(), getReconcileReadiness(getDb(), mode)]);
  if (readiness.incomplete.length === 0 && !readiness.fullPassPending) return null;
  return (
    <Notice tone="info" title={t("reconciliation.incompleteTitle")}>
      {readiness.incomplete.length > 0
        ? t("reconciliation.incompleteCopying", { names: resourceNames(t, readiness.incomplete, { locale }) })
        : t("reconciliation.incompleteFullPass")}
    </Notice>
  );
}
