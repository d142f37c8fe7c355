import { DetailColumns } from "@/components/detail/detail-columns";
import { detailRoute } from "@/components/detail/detail-page";
import { MetadataTable } from "@/components/detail/metadata-table";
import { StatusBadge } from "@/components/detail/status-badge";
import { loadSubscription } from "./data";
import { RenewalsTable } from "./renewals-table";
import { loadSubscriptionSearchParams } from "./search-params";
import { SUBSCRIPTION_STATUS_TONES } from "./status";
import { ItemsTable, SubscriptionSummaryCard } from "./subscription-cards";

// GET /subscriptions/[id] — one subscription: status, current period, items, its renewals page by page, its history.
export default detailRoute("subscriptions", {
  load: async (id, searchParams) => loadSubscription(id, await loadSubscriptionSearchParams(searchParams)),
  view: ({ subscription, renewals }, formatting) => {
    const { t } = formatting;
    return {
      title: subscription.description || t("subscription.untitled"),
      badges: <StatusBadge status={subscription.status} tones={SUBSCRIPTION_STATUS_TONES} label={(status) => t(`subscription.status.${status}`)} />,
      body: (
        <>
          <DetailColumns
            main={<SubscriptionSummaryCard subscription={subscription} {...formatting} />}
            side={<MetadataTable metadata={subscription.metadata} t={t} />}
          />
          <div className="mt-4 grid gap-4">
            <ItemsTable subscription={subscription} {...formatting} />
            <RenewalsTable subscriptionId={subscription.id} renewals={renewals} {...formatting} />
          </div>
        </>
      ),
    };
  },
});
