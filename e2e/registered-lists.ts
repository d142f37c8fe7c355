import { readFileSync } from "node:fs";

// The app's lists as its own registry (app/(dashboard)/lists.ts) names them, read from the source rather than written
// out here: a spec that walks every list covers a list added later without being touched. (The registry itself is
// server-only and imports the app's modules; its import lines say enough.)

export const DASHBOARD = "app/(dashboard)";
export const readDashboard = (file: string) => readFileSync(`${DASHBOARD}/${file}`, "utf8");

export type RegisteredListPage = {
  /** Its folder under app/(dashboard): "payments", "renewals/failed". */
  name: string;
  /** Its page: /<folder>. */
  path: string;
  /** Whether its rows lead anywhere (its list.ts declares a rowHref). */
  hasDetail: boolean;
};

/** Each list the registry imports (`import { xSource } from "./<folder>/source"`; its page is at /<folder>). */
export const REGISTERED_LISTS: readonly RegisteredListPage[] = [...readDashboard("lists.ts").matchAll(/from "\.\/([\w/-]+)\/source"/g)].map(([, name]) => ({
  name: name!,
  path: `/${name}`,
  hasDetail: /\browHref\s*:/.test(readDashboard(`${name}/list.ts`)),
}));

/**
 * The scenario that gives a list a row, where the seed leaves it empty: webhooks fill the events and the checkout
 * sessions, an unclaimed transfer is the Unmatched queue's, and a failed renewal (on a track of its own, so it
 * advances no other spec's renewal) is Failed renewals'.
 */
export const ROW_FROM: Record<string, { scenario: string; input?: Record<string, string>; query?: string }> = {
  "checkout-sessions": { scenario: "checkout-session-paid" },
  reconciliation: { scenario: "stray-transfer", query: "?queue=unmatched" },
  "renewals/failed": { scenario: "renewal-failed", input: { track: "registered-lists" } },
};
