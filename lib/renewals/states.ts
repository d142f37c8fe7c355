// The failed-renewals workspace's words as values, shared by the browser (filters, badges) and the server (queries,
// actions). Client-safe: no database here; where a state comes from is db/queries/renewal-failures.ts.
import { hasRole, isRole } from "@/lib/auth/roles";

/**
 * "closed": an operator closed it by hand (lib/renewals/follow-up.ts) — paid by other means, cancelled, written off —
 * while the service still holds it unpaid. It is not at risk; a recovery the service reports later wins over it.
 */
export const FAILURE_STATES = ["retrying", "exhausted", "recovered", "closed"] as const;
export type FailureState = (typeof FAILURE_STATES)[number];

/** The list's order: soonest retry first (the default, no value), or by currency with the most money at risk first in each. */
export const FAILURE_SORTS = ["amount"] as const;
export type FailureSort = "nextAttempt" | (typeof FAILURE_SORTS)[number];

/** "Mine" is the signed-in operator; "none" the failures nobody has taken. */
export const ASSIGNED_CHOICES = ["mine", "none"] as const;

export const CONTACT_KINDS = ["called", "emailed", "no_answer"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Why an operator closed a failure by hand: the merchant's own record, the service is not told. */
export const CLOSE_REASONS = ["paid_elsewhere", "cancelled", "written_off", "other"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The currencies the service bills in (an open filter: a link may name another). */
export const FAILURE_CURRENCIES = ["CRC", "USD", "GTQ", "PEN", "NIO", "PAB", "MXN", "COP", "HNL"] as const;

/** Audit actions of a follow-up, as the subscription's timeline shows them. */
export const FOLLOW_UP_ACTIONS = {
  assigned: "renewal.follow_up.assign",
  contacted: "renewal.follow_up.contact",
  promised: "renewal.follow_up.promise",
  closed: "renewal.follow_up.close",
  reopened: "renewal.follow_up.reopen",
} as const;

/**
 * Whom a failure may be given to: an operator or admin who is enabled, someone who may act on it. A viewer may not
 * (they could not log a contact or a promise): the picker lists only these, and the assign action refuses anyone else.
 */
export function isAssignable(person: { role: string; disabled: boolean }): boolean {
  return !person.disabled && isRole(person.role) && hasRole(person.role, "operator");
}
