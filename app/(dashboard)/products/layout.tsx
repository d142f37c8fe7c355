import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the products list's client components use.
export default function ProductsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "productsList"]}>{children}</ClientMessages>;
}
