import type { translatorFor } from "@/lib/i18n/translator";
import type { Messages } from "@/lib/i18n/messages/es";

type Translator = ReturnType<typeof translatorFor>;
type SubjectType = keyof Messages["settings"]["auditSubjects"];
type Entry = { subjectType: string; subjectId: string; before: unknown; after: unknown };

const SYNC_RESOURCE_NAMES = ["payments", "transfers", "renewals", "subscriptions", "customers", "accounts"] as const;

/**
 * What an audit entry was about, in the operator's words: an operator by e-mail (kept in the row's before/after), a
 * run of the reconciliation rules or a sync by its mode (and the data it asked for), anything else by its kind and id.
 * A kind this app does not know yet shows as stored.
 */
export function auditSubject(entry: Entry, t: Translator): string {
  const named = (entry.after ?? entry.before) as { email?: unknown } | null;
  if (typeof named?.email === "string") return named.email;
  const { subjectType: type, subjectId: id } = entry;
  if (!Object.hasOwn(CATALOG_TYPES, type)) return `${type} ${id}`;
  const kind = t(`settings.auditSubjects.${type as SubjectType}`);
  const mode = (value: string | undefined) => (value === "test" ? t("shell.modeTest") : value === "live" ? t("shell.modeLive") : value);
  if (type === "reconciliation") return `${kind} · ${mode(id)}`;
  // A CSV export: the list by its name in the sidebar, the period close's pairs by the close's own name.
  if (type === "list") {
    const list = id === "reconciliation-close" ? t("settings.auditSubjects.reconciliation_closure") : Object.hasOwn(EXPORTED_LISTS, id) ? t(`nav.${id as ListName}`) : id;
    return `${kind} · ${list}`;
  }
  if (type === "sync") {
    const [modeId, resource] = id.split(".");
    const what = resource === "all" ? t("settings.auditSyncAll") : (SYNC_RESOURCE_NAMES as readonly string[]).includes(resource ?? "") ? t(`sync.resources.${resource as (typeof SYNC_RESOURCE_NAMES)[number]}`) : resource;
    return [kind, mode(modeId), what].filter(Boolean).join(" · ");
  }
  return `${kind} ${id}`;
}

// The lists whose exports are audited, by the name the export route takes (app/(dashboard)/lists.ts), which is their
// sidebar entry's key.
type ListName = Exclude<keyof Messages["nav"], "label" | "overview" | "settings">;
const EXPORTED_LISTS: Record<ListName, true> = {
  payments: true,
  customers: true,
  subscriptions: true,
  renewals: true,
  failedRenewals: true,
  transfers: true,
  reconciliation: true,
  marketplace: true,
  products: true,
  "checkout-sessions": true,
  "shipping-rates": true,
  events: true,
};

// The kinds the catalogs name (settings.auditSubjects), for telling a known kind from a new one at run time.
const CATALOG_TYPES: Record<SubjectType, true> = {
  operator: true,
  sync: true,
  reconciliation: true,
  reconciliation_match: true,
  reconciliation_closure: true,
  list: true,
  subscription: true,
  payment_intent: true,
  webhook_event: true,
  connected_account: true,
};
