import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts reconciliation's client components use: the queue table, its reasons, the decision forms.
export default function ReconciliationLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "reconciliation", "reconciliationReasons", "reconciliationDecision"]}>{children}</ClientMessages>;
}
