import { Notice } from "@/components/detail/notice";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { getDb } from "@/db";
import { countHighConfidenceSuggestions, listHighConfidenceSuggestions } from "@/db/queries/reconciliation-queues";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/format/time";
import { formatMoney } from "@/lib/format/money";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { reasonContextOf, reasonText } from "@/lib/reconciliation/reasons-text";
import { BulkConfirmForm, type BulkItem } from "./bulk-form";

// GET /reconciliation/bulk — the review screen before a bulk confirmation: each high-confidence suggestion that is the
// only candidate on both sides, in words; the operator unticks what they doubt and confirms the rest.
/** The most suggestions one review shows (the server takes at most 500 per call). */
const BULK_PAGE = 200;

export default async function BulkConfirmPage() {
  await requireOperator("operator");
  const [t, locale, mode] = await Promise.all([getT(), getLocale(), getMode()]);
  const format = FORMAT_LOCALE[locale];
  const timeZone = env().DEFAULT_TIME_ZONE;
  const [suggestions, eligible] = await Promise.all([listHighConfidenceSuggestions(getDb(), mode, { limit: BULK_PAGE }), countHighConfidenceSuggestions(getDb(), mode)]);
  const items: BulkItem[] = suggestions.map((match) => ({
    matchId: match.matchId!,
    refs: match.transfers.map((transfer) => transfer.ref),
    sender: match.transfers[0]?.senderName ?? "—",
    amount: formatMoney(match.amount, match.currency, format),
    minor: match.amount,
    currency: match.currency,
    intent: match.paymentIntentId ?? "",
    customer: match.intent?.customerName ?? match.intent?.customerId ?? "—",
    when: formatDateTime(match.transferAt, format, timeZone),
    score: match.score ?? 0,
    reasons: match.reasons.map((reason) => reasonText(reason, t, format, reasonContextOf(match))),
  }));
  return (
    <>
      <PageHeader
        title={t("reconciliationDecision.bulk.title")}
        description={t("reconciliationDecision.bulk.description")}
        actions={
          <BackLink href="/reconciliation">{t("reconciliationDecision.back")}</BackLink>
        }
      />
      <Notice tone="info" title={t("reconciliation.ownRecordTitle")}>
        {t("reconciliation.ownRecord")}
      </Notice>
      {eligible > items.length && (
        <p className="mb-3 text-sm text-slate-700" data-testid="bulk-shown">
          {t("reconciliationDecision.bulk.shown", { shown: items.length, total: eligible })}
        </p>
      )}
      {items.length === 0 ? <Card className="p-4 text-sm text-slate-500">{t("reconciliationDecision.bulk.empty")}</Card> : <BulkConfirmForm items={items} locale={format} />}
    </>
  );
}
