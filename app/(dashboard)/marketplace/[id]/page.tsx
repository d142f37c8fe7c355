import { detailRoute } from "@/components/detail/detail-page";
import { DetailColumns } from "@/components/detail/detail-columns";
import { StatusBadge } from "@/components/detail/status-badge";
import { Badge } from "@/components/ui/badge";
import { ACCOUNT_STATUS_TONES } from "../status";
import { isStuck } from "../rows";
import { loadSeller } from "./data";
import { OnboardingLinkCard, SellerPaymentsCard, SellerStatusCard, SellerSummaryCard, WeeklyFeeCard } from "./seller-cards";

// GET /marketplace/[id] — one seller: the status in words with the next step, the app fee, the onboarding link as far
// as this app knows it, the weekly fee record, and the history (operator actions). Admins act; others only read.
export default detailRoute("marketplace", {
  load: loadSeller,
  view: (seller, formatting) => {
    const { t } = formatting;
    const props = { ...seller, ...formatting };
    return {
      title: seller.account.businessName ?? t("accountsList.noProfile"),
      badges: (
        <>
          <StatusBadge status={seller.account.status} tones={ACCOUNT_STATUS_TONES} label={(status) => t(`accountsList.status.${status}`)} />
          {/* The list's flag, said here too: pending for more than 7 days, its first link expired. */}
          {isStuck(seller.account) && (
            <span title={t("marketplace.stuckTitle")} data-testid="seller-stuck">
              <Badge tone="danger">{t("marketplace.stuck")}</Badge>
            </span>
          )}
        </>
      ),
      body: (
        <>
          {!seller.canAct && <p className="mb-4 text-sm text-slate-500">{t("marketplace.detail.viewOnly")}</p>}
          <DetailColumns
            main={
              <>
                <SellerStatusCard {...props} />
                <SellerSummaryCard {...props} />
                <SellerPaymentsCard {...props} />
              </>
            }
            side={
              <>
                <OnboardingLinkCard {...props} />
                <WeeklyFeeCard {...props} />
              </>
            }
          />
        </>
      ),
    };
  },
});
