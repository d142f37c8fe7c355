import type { ReactNode } from "react";
import { MoreMessages } from "@/components/i18n-provider";
import { CATALOGS } from "@/lib/i18n/config";
import { pickMessages, type MessagePath } from "@/lib/i18n/client-messages";
import { getLocale } from "@/lib/i18n/server";

/**
 * Gives the client components below it these parts of the catalog, on top of what the providers above give. Each page
 * ships only what its client components read (server components translate with getT() and ship text, not catalogs):
 * the whole catalog in every page was most of its HTML. Used by the root layout (the shell), by each area's layout and
 * by the few pages with client components of their own; lib/i18n/client-messages.test.ts fails when a client
 * component uses a key that no provider above it gives.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly MessagePath[]; children: ReactNode }) {
  const locale = await getLocale();
  return <MoreMessages messages={pickMessages(CATALOGS[locale], locale, namespaces)}>{children}</MoreMessages>;
}
