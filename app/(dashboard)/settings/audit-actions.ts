import type { Messages } from "@/lib/i18n/messages/es";

// The audit log's action codes and their words (settings.auditActions.<key> in both catalogs). Every action the code
// writes must be here: audit-actions.test.ts reads the writers' sources and fails on one without words. Client-safe.

export type AuditSubjectType = keyof Messages["settings"]["auditSubjects"];
export type AuditActionKey = keyof Messages["settings"]["auditActions"];

export const AUDIT_ACTIONS = {
  "operator.create": "operatorCreate",
  "operator.set_role": "operatorSetRole",
  "operator.disable": "operatorDisable",
  "operator.enable": "operatorEnable",
  "operator.reset_password": "operatorResetPassword",
  "operator.sign_out": "operatorSignOut",
  "sync.request": "syncRequest",
  "webhook_event.reprocess": "webhookReprocess",
  "refund.create": "refundCreate",
  "refund.refused": "refundRefused",
  "refund.unconfirmed": "refundUnconfirmed",
  "marketplace.seller_created": "sellerCreated",
  "marketplace.onboarding_link_issued": "onboardingLinkIssued",
  "marketplace.weekly_fee_set": "weeklyFeeSet",
  "marketplace.refused": "sellerRefused",
  "renewal.follow_up.assign": "followUpAssign",
  "renewal.follow_up.contact": "followUpContact",
  "renewal.follow_up.promise": "followUpPromise",
  "renewal.follow_up.close": "followUpClose",
  "renewal.follow_up.reopen": "followUpReopen",
  "reconciliation.confirmed": "reconciliationConfirmed",
  "reconciliation.rejected": "reconciliationRejected",
  "reconciliation.matched_by_hand": "reconciliationMatched",
  "reconciliation.accepted_unmatched": "reconciliationAccepted",
  "reconciliation.undone": "reconciliationUndone",
  "reconciliation.rules_run": "reconciliationRulesRun",
  "reconciliation.period_closed": "periodClosed",
  "reconciliation.period_reopened": "periodReopened",
  "list.export": "listExport",
} as const satisfies Record<string, AuditActionKey>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** In the catalogs' order: the action filter's options. */
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** The catalog key of an action's words, or null for a code this app does not know (shown as stored). */
export const auditActionKey = (action: string): `settings.auditActions.${AuditActionKey}` | null =>
  isAuditAction(action) ? `settings.auditActions.${AUDIT_ACTIONS[action]}` : null;

// The kinds the catalogs name (settings.auditSubjects), for telling a known kind from a new one at run time, in the
// catalog's order: the audit log's "About" filter.
export const AUDIT_SUBJECT_TYPES: Record<AuditSubjectType, true> = {
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

export const AUDIT_SUBJECT_TYPE_CODES = Object.keys(AUDIT_SUBJECT_TYPES) as AuditSubjectType[];
