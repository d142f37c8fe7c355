import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the renewals list's client components use (paymentErrors.decline and .withCode/.codeOnly: the failed
// renewals' table below words each card decline, and the service's message with its code).
export default function RenewalsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "renewalsList", "subscription.renewalStatus", "paymentErrors.decline", "paymentErrors.withCode", "paymentErrors.codeOnly"]}>{children}</ClientMessages>;
}
