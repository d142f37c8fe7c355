import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the events list and an event's page use in the browser (type names, the timeline, reprocessing).
export default function EventsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "events", "eventStatus", "timeline", "paymentErrors.withCode", "paymentErrors.codeOnly", "refund.timeline", "marketplace.timeline", "refund.reasons", "reconciliationTimeline", "failedRenewals.timeline", "failedRenewals.followUp.contactKinds", "nav"]}>{children}</ClientMessages>;
}
