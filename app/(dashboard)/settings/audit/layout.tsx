import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { LIST_MESSAGES } from "@/lib/i18n/client-messages";

// The catalog parts the audit log's table, toolbar and details use in the browser (its rows arrive worded).
export default function AuditLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...LIST_MESSAGES, "audit.columns", "audit.showChanges", "audit.changesOf", "audit.field", "audit.before", "audit.after", "audit.noChanges", "audit.empty", "audit.otherMode", "audit.cutShort", "audit.caption", "audit.total", "audit.emptyTitle", "audit.emptyBody", "ui.modal"]}>{children}</ClientMessages>;
}
