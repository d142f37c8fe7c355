import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the customers list's client components use; the detail page's table needs no more.
export default function CustomersLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "customersList"]}>{children}</ClientMessages>;
}
