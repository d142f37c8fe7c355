import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// On top of the renewals area's parts: the failed-renewals table's and its follow-up forms' words (the dialog's own come from the root).
export default function FailedRenewalsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["failedRenewals"]}>{children}</ClientMessages>;
}
