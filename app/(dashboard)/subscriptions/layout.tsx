import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the subscriptions list's client components use; the detail page's renewals table needs no more.
export default function SubscriptionsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "subscriptionsList", "subscription.status"]}>{children}</ClientMessages>;
}
