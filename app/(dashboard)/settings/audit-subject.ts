import type { translatorFor } from "@/lib/i18n/translator";
import type { Messages } from "@/lib/i18n/messages/es";
import { isCalendarDay } from "@/lib/calendar-day";
import { PERIOD_KINDS } from "@/lib/reconciliation/periods";
import { reconcileHref } from "../reconciliation/href";
import { SYNC_RESOURCES } from "@/db/schema";
import { AUDIT_SUBJECT_TYPES, type AuditSubjectType as SubjectType } from "./audit-actions";

type Translator = ReturnType<typeof translatorFor>;
/** An audit row as the subject's words and link need it; the subject operator's name and e-mail as they are now, when the row is about one. */
export type AuditSubjectEntry = { subjectType: string; subjectId: string; before: unknown; after: unknown; subjectName?: string | null; subjectEmail?: string | null };

type Facts = Record<string, unknown>;
const factsOf = (value: unknown): Facts => (value && typeof value === "object" && !Array.isArray(value) ? (value as Facts) : {});
/** What the row recorded about its subject: its after, or its before when after says nothing of it (an undo, a reopen). */
const fact = (entry: AuditSubjectEntry, key: string): unknown => factsOf(entry.after)[key] ?? factsOf(entry.before)[key];
const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : undefined);

/** A decision's transfers (the references it records) and its payment. */
function matchFacts(entry: AuditSubjectEntry) {
  const refs = fact(entry, "transferRefs");
  return { refs: Array.isArray(refs) ? refs.filter((ref): ref is string => typeof ref === "string") : [], payment: text(fact(entry, "paymentIntentId")) };
}

/** A period close's kind, days and currency, as its close (after) or reopen (before) row recorded them. */
function closureFacts(entry: AuditSubjectEntry) {
  const kind = fact(entry, "kind");
  const from = text(fact(entry, "from"));
  const to = text(fact(entry, "to"));
  const currency = text(fact(entry, "currency"));
  if (!(PERIOD_KINDS as readonly unknown[]).includes(kind) || !from || !isCalendarDay(from) || !to || !currency) return undefined;
  return { kind: kind as (typeof PERIOD_KINDS)[number], from, to, currency };
}

/**
 * What an audit entry was about, in the operator's words: an operator by name and e-mail, a reconciliation decision
 * by its transfers and payment, a period close by its period and currency, a run of the rules or a sync by its mode
 * (and the data it asked for), an export by its list, anything else by its kind and id. A kind this app does not know
 * yet shows as stored.
 */
export function auditSubject(entry: AuditSubjectEntry, t: Translator): string {
  const { subjectType: type, subjectId: id } = entry;
  if (type === "operator") {
    const named = (entry.after ?? entry.before) as { email?: unknown; name?: unknown } | null;
    const email = entry.subjectEmail ?? text(named?.email);
    const name = entry.subjectName ?? text(named?.name);
    if (name && email) return t("settings.auditOperator", { name, email });
    if (email) return email;
  }
  if (!Object.hasOwn(AUDIT_SUBJECT_TYPES, type)) return `${type} ${id}`;
  const kind = t(`settings.auditSubjects.${type as SubjectType}`);
  const mode = (value: string | undefined) => (value === "test" ? t("shell.modeTest") : value === "live" ? t("shell.modeLive") : value);
  if (type === "reconciliation") return `${kind} · ${mode(id)}`;
  if (type === "reconciliation_match") {
    const { refs, payment } = matchFacts(entry);
    if (refs[0]) return t("settings.auditMatch", { ref: refs[0], more: refs.length - 1, payment: payment ?? "none" });
  }
  if (type === "reconciliation_closure") {
    const period = closureFacts(entry);
    if (period) return t("settings.auditClosure", period);
  }
  // A CSV export: the list by its name in the sidebar, the period close's pairs by the close's own name.
  if (type === "list") {
    const list = id === "reconciliation-close" ? t("settings.auditSubjects.reconciliation_closure") : Object.hasOwn(EXPORTED_LISTS, id) ? t(`nav.${id as ListName}`) : id;
    return `${kind} · ${list}`;
  }
  if (type === "sync") {
    const [modeId, resource] = id.split(".");
    const what = resource === "all" ? t("settings.auditSyncAll") : (SYNC_RESOURCES as readonly string[]).includes(resource ?? "") ? t(`sync.resources.${resource as (typeof SYNC_RESOURCES)[number]}`) : resource;
    return [kind, mode(modeId), what].filter(Boolean).join(" · ");
  }
  return `${kind} ${id}`;
}

const pathSegment = (id: string) => encodeURIComponent(id);

/**
 * Where the entry's subject can be opened, if anywhere: a payment, a subscription (its failed renewals' follow-ups
 * are on its timeline), a seller, an event, a transfer's reconciliation page, a period close, the list an export took
 * (with the filters it was taken with). An operator, a sync request or a seller the service refused to create has no
 * page.
 */
export function auditSubjectHref(entry: AuditSubjectEntry): string | null {
  const { subjectType: type, subjectId: id } = entry;
  switch (type) {
    case "payment_intent":
      return `/payments/${pathSegment(id)}`;
    case "customer":
      return `/customers/${pathSegment(id)}`;
    case "subscription":
      return `/subscriptions/${pathSegment(id)}`;
    case "connected_account":
      return id === "new" ? null : `/marketplace/${pathSegment(id)}`;
    case "webhook_event":
      return /^\d+$/.test(id) ? `/events/${id}` : null;
    case "reconciliation":
      return "/reconciliation";
    case "reconciliation_match": {
      const { refs } = matchFacts(entry);
      return refs[0] ? reconcileHref(refs[0]) : null;
    }
    case "reconciliation_closure": {
      const period = closureFacts(entry);
      return period ? `/reconciliation/close?${new URLSearchParams({ kind: period.kind, date: period.from, currency: period.currency })}` : null;
    }
    case "list": {
      const path = id === "reconciliation-close" ? "/reconciliation/close" : Object.hasOwn(EXPORTED_LISTS, id) ? EXPORTED_LISTS[id as ListName] : null;
      if (!path) return null;
      // The export's filters as its list's URL has them (a list's parsed state: plain values only).
      const filters = Object.entries(factsOf(factsOf(entry.after).filters)).filter((pair): pair is [string, string | number] => typeof pair[1] === "string" || typeof pair[1] === "number");
      const query = new URLSearchParams(filters.map(([key, value]) => [key, String(value)])).toString();
      return query ? `${path}?${query}` : path;
    }
    default:
      return null;
  }
}

// The lists whose exports are audited, by the name the export route takes (app/(dashboard)/lists.ts), which is their
// sidebar entry's key, and their pages.
type ListName = Exclude<keyof Messages["nav"], "label" | "overview" | "settings">;
const EXPORTED_LISTS: Record<ListName, string> = {
  payments: "/payments",
  customers: "/customers",
  subscriptions: "/subscriptions",
  renewals: "/renewals",
  failedRenewals: "/renewals/failed",
  transfers: "/transfers",
  reconciliation: "/reconciliation",
  marketplace: "/marketplace",
  products: "/products",
  "checkout-sessions": "/checkout-sessions",
  "shipping-rates": "/shipping-rates",
  events: "/events",
  audit: "/settings/audit",
};
