import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the SINPE transfers list's client components use.
export default function TransfersLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "transfersList", "transfer.status", "senderIdKind"]}>{children}</ClientMessages>;
}
