import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// The sync card's button on the settings page.
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["sync.requesting", "sync.syncNow", "sync.requestFailed", "sync.queued", "sync.jobsProgress", "sync.finished", "sync.finishedWithFailures", "sync.stillRunning"]}>{children}</ClientMessages>;
}
