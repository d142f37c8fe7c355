import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the marketplace's client components use: the list, the seller forms and dialogs.
export default function MarketplaceLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "accountsList", "marketplace"]}>{children}</ClientMessages>;
}
