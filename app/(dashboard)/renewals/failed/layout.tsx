import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// On top of the renewals area's parts: the failed-renewals table's and its follow-up dialog's words.
export default function FailedRenewalsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["failedRenewals", "ui.modal"]}>{children}</ClientMessages>;
}
