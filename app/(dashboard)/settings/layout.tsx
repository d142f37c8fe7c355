import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { SYNC_NOW_MESSAGES } from "@/lib/i18n/client-messages";

// The sync card's button on the settings page.
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...SYNC_NOW_MESSAGES]}>{children}</ClientMessages>;
}
