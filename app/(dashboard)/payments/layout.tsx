import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the payments list's client components use (the detail page adds its own).
export default function PaymentsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "payments", "paymentStatus"]}>{children}</ClientMessages>;
}
