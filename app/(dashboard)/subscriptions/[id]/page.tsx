import type { SearchParams } from "nuqs/server";
import { DataTableError } from "@/components/data-table/error-state";
import { getFormatting } from "@/lib/i18n/formatting";
import { DetailHeader } from "@/components/detail/detail-header";
import { DetailTimeline } from "@/components/detail/detail-timeline";
import { MetadataTable } from "@/components/detail/metadata-table";
import { StatusBadge } from "@/components/detail/status-badge";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { loadSubscription } from "./data";
import { RenewalsTable } from "./renewals-table";
import { loadSubscriptionSearchParams } from "./search-params";
import { SUBSCRIPTION_STATUS_TONES } from "./status";
import { ItemsTable, SubscriptionSummaryCard } from "./subscription-cards";

// GET /subscriptions/[id] — one subscription: status, current period, items, its renewals page by page, its history.
export default async function SubscriptionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const [{ id }, cursor] = await Promise.all([params, loadSubscriptionSearchParams(searchParams)]);
  // Asked for before the page's own check: the loader checks too and gives nothing until it passes, and the
  // service's answer, the page's slowest part, need not wait for the check.
  const subscription = startedBeforeCheck(loadSubscription(id, cursor));
  await requireOperator("viewer");
  // Siblings render concurrently: the timeline's query runs while the API answers (see DetailTimeline).
  return (
    <>
      <SubscriptionDetail id={id} subscription={subscription} />
      <DetailTimeline type="subscription" id={id} />
    </>
  );
}

async function SubscriptionDetail({ id, subscription: loading }: { id: string; subscription: ReturnType<typeof loadSubscription> }) {
  const [result, formatting] = await Promise.all([loading, getFormatting()]);
  const { t } = formatting;
  const back = { href: "/subscriptions", label: t("detail.back.subscriptions") };
  if (!result.ok) {
    return (
      <>
        <DetailHeader back={back} title={t("detail.kind.subscription")} id={id} />
        <DataTableError {...result.error} />
      </>
    );
  }
  const { subscription, renewals } = result.value;
  return (
    <>
      <DetailHeader
        back={back}
        kind={t("detail.kind.subscription")}
        title={subscription.description || t("subscription.untitled")}
        id={subscription.id}
        badges={<StatusBadge status={subscription.status} tones={SUBSCRIPTION_STATUS_TONES} label={(status) => t(`subscription.status.${status}`)} />}
      />
      <div className="grid items-start gap-4 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <SubscriptionSummaryCard subscription={subscription} {...formatting} />
        </div>
        <div className="lg:col-span-2">
          <MetadataTable metadata={subscription.metadata} t={t} />
        </div>
      </div>
      <div className="mt-4 grid gap-4">
        <ItemsTable subscription={subscription} {...formatting} />
        <RenewalsTable subscriptionId={subscription.id} renewals={renewals} {...formatting} />
      </div>
    </>
  );
}
