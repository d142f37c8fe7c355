import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// The refund form and its replies (a refused refund is explained in paymentErrors' words), on top of the payments layout's.
export default function PaymentsIdLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["refund", "detail", "paymentErrors"]}>{children}</ClientMessages>;
}
