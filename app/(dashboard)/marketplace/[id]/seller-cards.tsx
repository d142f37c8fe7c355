import { Card } from "@/components/ui/card";
import { DefinitionCard } from "@/components/detail/definition-card";
import { Time } from "@/components/ui/time";
import { formatMoney } from "@/lib/format/money";
import { toMajorInput } from "@/lib/format/parse-money";
import { formatDateTime, formatTimeAgo, formatUtc } from "@/lib/format/time";
import type { Formatting } from "@/lib/i18n/formatting";
import { CONNECTED_ACCOUNT_STATUSES } from "@/lib/payments/values";
import type { SellerDetail } from "./data";
import { LinkCountdown } from "./link-countdown";
import { RegenerateLink } from "./regenerate-link";
import { WeeklyFeeForm } from "./weekly-fee-form";

type Props = SellerDetail & Formatting;

const isKnownStatus = (status: string): status is (typeof CONNECTED_ACCOUNT_STATUSES)[number] => (CONNECTED_ACCOUNT_STATUSES as readonly string[]).includes(status);

/** The status in words: what it means, and who must do what next. */
export function SellerStatusCard({ account, listed, t, locale, timeZone }: Props) {
  const { status } = account;
  const explained = isKnownStatus(status)
    ? { what: t(`marketplace.explain.${status}.what`), next: t(`marketplace.explain.${status}.next`) }
    : { what: t("marketplace.explain.other.what", { status }), next: t("marketplace.explain.other.next") };
  const statusName = (value: string) => (isKnownStatus(value) ? t(`accountsList.status.${value}`) : value);
  return (
    <Card className="p-4 sm:p-5" data-testid="seller-status">
      <h2 className="text-sm font-semibold text-slate-900">{t("marketplace.detail.statusTitle")}</h2>
      <p className="mt-2 text-sm text-slate-800">{explained.what}</p>
      {status === "pending_onboarding" && (
        <p className="mt-1 text-sm text-slate-600" data-testid="seller-pending-since" title={`${formatDateTime(account.createdAt, locale, timeZone)} (${formatUtc(account.createdAt)})`}>
          {t("marketplace.detail.pendingSince", { when: formatTimeAgo(account.createdAt, locale) })}
        </p>
      )}
      {/* The list reads the sync's copy: when it lags the service, say so here rather than leave two answers unexplained. */}
      {listed && (
        <p className="mt-2 text-sm text-amber-800" data-testid="seller-listed-differs" title={`${formatDateTime(listed.copiedAt, locale, timeZone)} (${formatUtc(listed.copiedAt)})`}>
          {t("marketplace.detail.listDiffers", { listed: statusName(listed.status), when: formatTimeAgo(listed.copiedAt, locale), live: statusName(status) })}
        </p>
      )}
      <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("marketplace.detail.nextStep")}</h3>
      <p className="mt-1 text-sm text-slate-800">{explained.next}</p>
    </Card>
  );
}

export function SellerSummaryCard({ account, t, locale, timeZone }: Props) {
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return (
    <DefinitionCard
      title={t("detail.summary")}
      items={[
        { label: t("marketplace.create.businessName"), value: account.businessName },
        { label: t("marketplace.detail.appFee"), value: percent.format(account.marketplaceAppFee / 100) },
        { label: t("marketplace.detail.created"), value: <Time value={account.createdAt} locale={locale} timeZone={timeZone} /> },
      ]}
    />
  );
}

/** The onboarding link as far as this app knows it: when the last one was issued, by whom, until when. */
export function OnboardingLinkCard({ account, record, serviceNow, serviceSkewMs, canAct, t, locale, timeZone }: Props) {
  const pending = account.status === "pending_onboarding";
  const issued = record?.linkIssuedAt && record.linkExpiresAt ? { at: record.linkIssuedAt, expires: record.linkExpiresAt, by: record.linkIssuedByName } : null;
  return (
    <DefinitionCard
      title={t("marketplace.detail.onboardingTitle")}
      items={
        issued
          ? [
              { label: t("marketplace.detail.linkIssued"), value: <Time value={issued.at} locale={locale} timeZone={timeZone} /> },
              { label: t("marketplace.detail.linkIssuedBy"), value: issued.by },
              { label: t("marketplace.detail.linkExpires"), value: <span data-testid="link-expires"><Time value={issued.expires} locale={locale} timeZone={timeZone} /></span> },
              {
                label: t("marketplace.detail.linkState"),
                value: <LinkCountdown remainingMs={issued.expires.getTime() - serviceNow.getTime()} />,
                // A sandbox whose clock was moved on (or a service clock far off ours): say which clock decided.
                hint: Math.abs(serviceSkewMs) > 60_000 ? t("marketplace.detail.serviceClock", { when: formatDateTime(serviceNow.toISOString(), locale, timeZone) }) : undefined,
              },
            ]
          : []
      }
      footer={
        <div className="mt-3 space-y-3">
          {!issued && <p className="text-sm text-slate-600">{t(pending ? "marketplace.detail.noLink" : "marketplace.detail.linkNotNeeded")}</p>}
          <p className="text-xs text-slate-500">{t("marketplace.detail.onboardingNote")}</p>
          {canAct && pending && <RegenerateLink accountId={account.id} businessName={account.businessName ?? account.id} />}
        </div>
      }
    />
  );
}

/** The weekly fee record as last set here (the service cannot be asked for it), and the admin's form. */
export function WeeklyFeeCard({ account, record, canAct, t, locale, timeZone }: Props) {
  const known = record?.weeklyFeeEnabled !== null && record?.weeklyFeeEnabled !== undefined;
  const enabled = !!record?.weeklyFeeEnabled && record.weeklyFeeAmount !== null && record.weeklyFeeCurrency !== null;
  const current = !known
    ? t("marketplace.weeklyFee.unknown")
    : enabled
      ? t("marketplace.weeklyFee.enabled", { amount: formatMoney(record!.weeklyFeeAmount!, record!.weeklyFeeCurrency!, locale) })
      : t("marketplace.weeklyFee.disabled");
  return (
    <Card className="p-4 sm:p-5" data-testid="weekly-fee">
      <h2 className="text-sm font-semibold text-slate-900">{t("marketplace.weeklyFee.title")}</h2>
      <p className="mt-1 text-xs text-slate-500">{t("marketplace.weeklyFee.current")}</p>
      <p className="mt-1 text-sm text-slate-900" data-testid="weekly-fee-current">
        {current}
      </p>
      {known && record?.weeklyFeeSetAt && (
        <p className="mt-1 text-xs text-slate-500">
          {t("marketplace.weeklyFee.setBy", { name: record.weeklyFeeSetByName ?? "—", when: formatDateTime(record.weeklyFeeSetAt.toISOString(), locale, timeZone) })}
        </p>
      )}
      {canAct && (
        <WeeklyFeeForm
          accountId={account.id}
          initial={{
            enabled,
            amount: enabled ? toMajorInput(record!.weeklyFeeAmount!, record!.weeklyFeeCurrency!, locale) : "",
            currency: enabled ? record!.weeklyFeeCurrency! : "",
          }}
        />
      )}
    </Card>
  );
}

/** The seller's payments: the service documents no onBehalfOf filter, and the page says so rather than guessing. */
export function SellerPaymentsCard({ t }: Props) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-sm font-semibold text-slate-900">{t("marketplace.detail.paymentsTitle")}</h2>
      <p className="mt-2 text-sm text-slate-600">{t("marketplace.detail.paymentsUnavailable")}</p>
    </Card>
  );
}
