import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// The close and reopen controls (close-controls.tsx).
export default function CloseLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["reconciliationClose.actions"]}>{children}</ClientMessages>;
}
