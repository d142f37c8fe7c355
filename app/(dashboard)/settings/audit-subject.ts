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
  if (type === "sync") {
    const [modeId, resource] = id.split(".");
    const what = resource === "all" ? t("settings.auditSyncAll") : (SYNC_RESOURCE_NAMES as readonly string[]).includes(resource ?? "") ? t(`sync.resources.${resource as (typeof SYNC_RESOURCE_NAMES)[number]}`) : resource;
    return [kind, mode(modeId), what].filter(Boolean).join(" · ");
  }
  return `${kind} ${id}`;
}

// The kinds the catalogs name (settings.auditSubjects), for telling a known kind from a new one at run time.
const CATALOG_TYPES: Record<SubjectType, true> = {
  operator: true,
  sync: true,
  reconciliation: true,
  reconciliation_match: true,
  reconciliation_closure: true,
  subscription: true,
  payment_intent: true,
  webhook_event: true,
  connected_account: true,
};
