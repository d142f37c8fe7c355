import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// The refund form and its replies, on top of the payments layout's.
export default function PaymentsIdLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["refund", "detail"]}>{children}</ClientMessages>;
}
