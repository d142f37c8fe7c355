import type { translatorFor } from "@/lib/i18n/translator";
import type { Messages } from "@/lib/i18n/messages/es";
import { CLI_ACTOR_PREFIX, DEV_SETUP_ACTOR } from "@/db/queries/audit";
import { auditActionKey } from "../audit-actions";
import { auditSubject, auditSubjectHref } from "../audit-subject";
import { fieldChanges, HIDDEN, type AuditRow } from "./rows";

// An audit row in the operator's words, worded on the server (the browser gets text, not the catalogs): who by name
// with the e-mail beside, what in words with the code kept, the subject in words with its page, and the before/after
// field by field. Shared by the audit log page, the Settings card and the CSV.

type Translator = ReturnType<typeof translatorFor>;
type FieldKey = keyof Messages["audit"]["fields"];

/** One field of the details, worded: its name (catalog words when known, else its path as stored) and both values. */
export type WordedChange = { field: string; code: boolean; before: string | null; after: string | null; changed: boolean };

export type AuditTableRow = {
  id: number;
  at: string;
  who: string;
  /** The e-mail under the name (hover and second line); none for the command line. */
  whoEmail: string | null;
  action: string;
  actionText: string | null;
  subjectText: string;
  subjectHref: string | null;
  mode: string | null;
  modeText: string | null;
  /** The subject is in another mode than the one on screen: its page would not find it. */
  otherMode: boolean;
  changes: WordedChange[];
  /** Fields left out of the page (all are in the CSV). */
  moreChanges: number;
};

const MAX_FIELDS = 40;

/**
 * Who wrote the row: the operator's name now (the e-mail it was written with, if the operator is gone), the command
 * line, or `npm run dev`'s first set-up, in words. The second line (the e-mail) only when it says something the first
 * does not: a row written by no operator showed its label twice ("dev-setup dev-setup").
 */
export function auditWho(row: Pick<AuditRow, "actor" | "operatorName" | "operatorEmail">, t: Translator): { who: string; whoEmail: string | null } {
  if (row.actor.startsWith(CLI_ACTOR_PREFIX)) return { who: t("settings.cliActor", { user: row.actor.slice(CLI_ACTOR_PREFIX.length) }), whoEmail: null };
  if (row.actor === DEV_SETUP_ACTOR && !row.operatorEmail) return { who: t("settings.devSetupActor"), whoEmail: null };
  const who = row.operatorName ?? row.operatorEmail ?? row.actor;
  const email = row.operatorEmail ?? (row.actor.includes("@") ? row.actor : null);
  return { who, whoEmail: email === who ? null : email };
}

export function auditActionText(action: string, t: Translator): string | null {
  const key = auditActionKey(action);
  return key ? t(key) : null;
}

export const modeText = (mode: string | null, t: Translator) => (mode === "test" ? t("shell.modeTest") : mode === "live" ? t("shell.modeLive") : null);

/** A stored value as text: yes/no, numbers and strings as they are, lists joined, nothing as null, a hidden one said so. */
export function valueText(value: unknown, t: Translator): string | null {
  if (value === null || value === undefined) return null;
  if (value === HIDDEN) return t("audit.hidden");
  if (typeof value === "boolean") return value ? t("audit.yes") : t("audit.no");
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(item, t) ?? t("audit.empty")).join(", ") : null;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Operators' names by id: an export's operator filter reads as the name, not the id. */
export type OperatorNames = ReadonlyMap<string, string>;

export function wordedChanges(row: Pick<AuditRow, "before" | "after">, t: Translator, names: OperatorNames = new Map()): WordedChange[] {
  // A code the catalogs word (a role, a decision's state) in words; an operator's id by name.
  const named = (key: string, value: unknown) => {
    if (typeof value !== "string") return value;
    if (key === "operator" && names.has(value)) return names.get(value);
    if (key === "role" && Object.hasOwn(ROLE_WORDS, value)) return t(`roles.${value as keyof typeof ROLE_WORDS}`);
    if ((key === "state" || key === "undoneState") && Object.hasOwn(STATE_WORDS, value)) return t(`reconciliationDecision.states.${value as keyof typeof STATE_WORDS}`);
    return value;
  };
  return fieldChanges(row.before, row.after).map((change) => {
    const known = Object.hasOwn(FIELD_KEYS, change.key);
    const word = (key: string) => (Object.hasOwn(FIELD_KEYS, key) ? t(`audit.fields.${key as FieldKey}`) : key);
    const parent = change.path.split(".").slice(0, -1).map(word).join(" · ");
    return {
      // A known field by its words (under its parent's path when nested), any other by its path as stored.
      field: known ? [parent, t(`audit.fields.${change.key as FieldKey}`)].filter(Boolean).join(" · ") : change.path,
      code: !known,
      before: valueText(named(change.key, change.before), t),
      after: valueText(named(change.key, change.after), t),
      changed: change.changed,
    };
  });
}

/** The details as one line of text, for the CSV: "Estado: suggested → confirmed; Nota: …". */
export function changesLine(row: Pick<AuditRow, "before" | "after">, t: Translator): string {
  return wordedChanges(row, t)
    .map((change) => `${change.field}: ${change.before !== null && change.changed ? `${change.before} → ` : ""}${change.after ?? change.before ?? t("audit.empty")}`)
    .join("; ");
}

export function presentAudit(row: AuditRow, t: Translator, currentMode: string, names?: OperatorNames): AuditTableRow {
  const changes = wordedChanges(row, t, names);
  const otherMode = row.mode !== null && row.mode !== currentMode;
  const href = auditSubjectHref(row);
  return {
    id: row.id,
    at: row.at,
    ...auditWho(row, t),
    action: row.action,
    actionText: auditActionText(row.action, t),
    subjectText: auditSubject(row, t),
    // A page of the other mode would not find the object: the mode switch is in the top bar.
    subjectHref: otherMode ? null : href,
    mode: row.mode,
    modeText: modeText(row.mode, t),
    otherMode: otherMode && href !== null,
    changes: changes.slice(0, MAX_FIELDS),
    moreChanges: Math.max(0, changes.length - MAX_FIELDS),
  };
}

const ROLE_WORDS: Record<keyof Messages["roles"], true> = { viewer: true, operator: true, admin: true };
const STATE_WORDS: Record<keyof Messages["reconciliationDecision"]["states"], true> = { suggested: true, confirmed: true, rejected: true, accepted_unmatched: true, undone: true };

// The fields the catalogs name (audit.fields), for telling a known field from one shown as stored.
const FIELD_KEYS: Record<FieldKey, true> = {
  state: true, note: true, role: true, disabled: true, name: true, email: true, status: true, amount: true, currency: true, paymentIntentId: true,
  transferRefs: true, score: true, rule: true, reason: true, description: true, refundId: true, kind: true, from: true, to: true, businessName: true,
  assigneeName: true, contact: true, promisedBy: true, filters: true, total: true, sessionsEnded: true, error: true, intentAmount: true, undoNote: true,
  reopened: true, closedAt: true, closedBy: true, linkExpiresAt: true, timeZone: true, operator: true, action: true, subject: true, queue: true,
};
