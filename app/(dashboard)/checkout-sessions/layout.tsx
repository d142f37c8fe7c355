import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the checkout sessions list's client components use; the detail page renders on the server.
export default function CheckoutSessionsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "checkoutSessionsList", "checkoutSession.status"]}>{children}</ClientMessages>;
}
