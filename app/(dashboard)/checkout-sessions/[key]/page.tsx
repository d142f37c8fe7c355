import { detailRoute } from "@/components/detail/detail-page";
import { DetailColumns } from "@/components/detail/detail-columns";
import { MetadataTable } from "@/components/detail/metadata-table";
import { StatusBadge } from "@/components/detail/status-badge";
import { formatMoney } from "@/lib/format/money";
import { urlOfCheckoutSessionKey } from "@/db/queries/checkout-sessions";
import { LineItemsCard, SessionSummaryCard } from "./session-cards";
import { loadCheckoutSession } from "./data";

// GET /checkout-sessions/[key] — one checkout session as its webhook told it: paid state, total, customer, line items
// (checked against the total), metadata, the session's URL as text (never followed), and its history.
export default detailRoute("checkout-sessions", {
  load: loadCheckoutSession,
  // The timeline's subject is the session's URL; a key that names none is the loader's 404.
  subject: (key) => urlOfCheckoutSessionKey(key) ?? key,
  view: (session, formatting) => {
    const { t, locale } = formatting;
    return {
      title: formatMoney(session.amountTotal, session.currency, locale),
      badges: <StatusBadge status={session.paymentStatus} tones={{ paid: "success", unpaid: "warning" }} label={(status) => t(`checkoutSession.status.${status}`)} />,
      // The header's id is the session's URL, the customer's payment page: text to copy, never a link, never fetched.
      meta: <span>{t("checkoutSession.urlHint")}</span>,
      body: (
        <DetailColumns
          main={<LineItemsCard session={session} {...formatting} />}
          side={
            <>
              <SessionSummaryCard session={session} {...formatting} />
              <MetadataTable metadata={session.metadata} t={t} />
            </>
          }
        />
      ),
    };
  },
});
