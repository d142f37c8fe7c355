import { ArrowRight } from "lucide-react";
import Link from "next/link";
import type { Formatting } from "@/lib/i18n/formatting";
import { DefinitionCard } from "@/components/detail/definition-card";
import { IdLink } from "@/components/detail/id-link";
import { Period } from "@/components/detail/period";
import type { LinkedRenewal } from "./renewal-link";

/** The linked renewal once it is known: rendered inside a Suspense boundary, so the page does not wait for it. */
export async function LinkedRenewalSlot({ renewal, ...formatting }: Formatting & { renewal: Promise<LinkedRenewal | null> }) {
  return <LinkedRenewalCard renewal={await renewal} {...formatting} />;
}

/** The subscription renewal this payment charged (or tried to), linking to the subscription and its renewals. */
export function LinkedRenewalCard({ renewal, t, locale, timeZone }: Formatting & { renewal: LinkedRenewal | null }) {
  if (!renewal) return null;
  const href = `/subscriptions/${encodeURIComponent(renewal.subscriptionId)}`;
  const outcome = renewal.outcome;
  return (
    <DefinitionCard
      title={t("refund.renewal.title")}
      items={[
        { label: t("refund.renewal.subscription"), value: <IdLink href={href} id={renewal.subscriptionId} /> },
        { label: t("refund.renewal.period"), value: renewal.periodStart && <Period start={renewal.periodStart} end={renewal.periodEnd} locale={locale} timeZone={timeZone} /> },
        { label: t("refund.renewal.renewal"), value: renewal.renewalId && <span className="font-mono text-xs break-all">{renewal.renewalId}</span>, optional: true },
        {
          label: t("refund.renewal.thisPayment"),
          value:
            outcome.kind === "paid"
              ? t("refund.renewal.paid")
              : outcome.kind === "failed_attempt"
                ? t("refund.renewal.failedAttempt", { attempt: outcome.attempt ?? "?" })
                : t(`subscription.renewalStatus.${outcome.status}`),
        },
      ]}
      footer={
        <Link href={href} className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-500 hover:underline">
          {t("refund.renewal.open")}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      }
    />
  );
}
