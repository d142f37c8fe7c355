import { CalendarClock, CircleCheck, CircleHelp, Link2, PhoneCall, RotateCcw, Scale, Store, Undo2, UserCog, UserPlus, Wallet, XCircle } from "lucide-react";
import type { ComponentType } from "react";
import type { OperatorAction } from "@/db/queries/timeline";
import { formatMoney } from "@/lib/format/money";
import { REFUND_ACTIONS, REFUND_REASONS } from "@/lib/payments/refund-reasons";
import type { Translator } from "@/lib/i18n/server";
import { formatCalendarDay } from "@/lib/format/time";
import { localDay } from "@/lib/local-days";
import { CLOSE_REASONS, CONTACT_KINDS, FOLLOW_UP_ACTIONS } from "@/lib/renewals/states";

type Look = { icon: ComponentType<{ className?: string }>; tone: string };

// Operator actions wear their own colours, apart from the service's events: a refund is money going back out.
type ActionTitle = "refund.timeline.created" | "refund.timeline.refused" | "refund.timeline.unconfirmed" | `marketplace.timeline.${"created" | "linkIssued" | "weeklyFeeSet" | "refused"}`;
const ACTIONS: Record<string, Look & { title: ActionTitle }> = {
  [REFUND_ACTIONS.created]: { icon: Undo2, tone: "bg-violet-100 text-violet-700", title: "refund.timeline.created" },
  [REFUND_ACTIONS.refused]: { icon: XCircle, tone: "bg-red-100 text-red-700", title: "refund.timeline.refused" },
  [REFUND_ACTIONS.unconfirmed]: { icon: CircleHelp, tone: "bg-amber-100 text-amber-700", title: "refund.timeline.unconfirmed" },
  // The marketplace's (lib/marketplace/sellers.ts SELLER_ACTIONS).
  "marketplace.seller_created": { icon: Store, tone: "bg-indigo-100 text-indigo-700", title: "marketplace.timeline.created" },
  "marketplace.onboarding_link_issued": { icon: Link2, tone: "bg-sky-100 text-sky-700", title: "marketplace.timeline.linkIssued" },
  "marketplace.weekly_fee_set": { icon: Wallet, tone: "bg-emerald-100 text-emerald-700", title: "marketplace.timeline.weeklyFeeSet" },
  "marketplace.refused": { icon: XCircle, tone: "bg-red-100 text-red-700", title: "marketplace.timeline.refused" },
};
const OTHER: Look = { icon: UserCog, tone: "bg-slate-100 text-slate-600" };

// Reconciliation decisions: this app's own record of which transfer paid which intent (lib/reconciliation/decisions.ts).
const DECISIONS: Record<string, Look & { title: `reconciliationTimeline.${"confirmed" | "rejected" | "matched" | "accepted" | "undone"}` }> = {
  "reconciliation.confirmed": { icon: Scale, tone: "bg-emerald-100 text-emerald-700", title: "reconciliationTimeline.confirmed" },
  "reconciliation.matched_by_hand": { icon: Scale, tone: "bg-emerald-100 text-emerald-700", title: "reconciliationTimeline.matched" },
  "reconciliation.accepted_unmatched": { icon: Scale, tone: "bg-sky-100 text-sky-700", title: "reconciliationTimeline.accepted" },
  "reconciliation.rejected": { icon: Scale, tone: "bg-slate-100 text-slate-600", title: "reconciliationTimeline.rejected" },
  "reconciliation.undone": { icon: Undo2, tone: "bg-amber-100 text-amber-700", title: "reconciliationTimeline.undone" },
};

const FOLLOW_UP_LOOK: Record<string, Look> = {
  [FOLLOW_UP_ACTIONS.assigned]: { icon: UserPlus, tone: "bg-sky-100 text-sky-700" },
  [FOLLOW_UP_ACTIONS.contacted]: { icon: PhoneCall, tone: "bg-sky-100 text-sky-700" },
  [FOLLOW_UP_ACTIONS.promised]: { icon: CalendarClock, tone: "bg-sky-100 text-sky-700" },
  [FOLLOW_UP_ACTIONS.closed]: { icon: CircleCheck, tone: "bg-slate-100 text-slate-700" },
  [FOLLOW_UP_ACTIONS.reopened]: { icon: RotateCcw, tone: "bg-amber-100 text-amber-700" },
};

const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A failed renewal's follow-up (assignment, contact, promise, closure by hand, reopening): who, what was said, by when, why; and which period. */
function describeFollowUp(action: OperatorAction, t: Translator, locale: string, timeZone: string): { title: string; detail: string[] } {
  const detail: string[] = [];
  let title: string;
  if (action.action === FOLLOW_UP_ACTIONS.assigned) {
    title = action.assigneeName ? t("failedRenewals.timeline.assigned", { name: action.assigneeName }) : t("failedRenewals.timeline.unassigned");
  } else if (action.action === FOLLOW_UP_ACTIONS.contacted) {
    const kind = (CONTACT_KINDS as readonly string[]).includes(action.contact ?? "") ? t(`failedRenewals.followUp.contactKinds.${action.contact as (typeof CONTACT_KINDS)[number]}`) : (action.contact ?? "");
    title = t("failedRenewals.timeline.contacted", { kind });
    if (action.note) detail.push(action.note);
  } else if (action.action === FOLLOW_UP_ACTIONS.closed) {
    // Closed by hand: why, and the operator's note (the merchant's own record; the service was not told).
    // The reason in the sentence's own words (the catalog's select; an unknown one reads as "other").
    const reason = (CLOSE_REASONS as readonly string[]).includes(action.reason ?? "") ? action.reason! : "other";
    title = t("failedRenewals.timeline.closed", { reason });
    if (action.note) detail.push(action.note);
  } else if (action.action === FOLLOW_UP_ACTIONS.reopened) {
    title = t("failedRenewals.timeline.reopened");
    if (action.note) detail.push(action.note);
  } else {
    title = isDay(action.promisedBy) ? t("failedRenewals.timeline.promised", { day: formatCalendarDay(action.promisedBy, locale, { day: "numeric", month: "long", year: "numeric" }) }) : t("failedRenewals.timeline.promiseCleared");
  }
  if (action.periodStart && !Number.isNaN(Date.parse(action.periodStart))) {
    // The period's start is an instant: its day in the operator's zone, as the renewals table beside it shows it (its
    // UTC date named 1 December a period that began on the evening of 30 November in Costa Rica).
    const day = localDay(new Date(action.periodStart), timeZone);
    detail.push(t("failedRenewals.timeline.period", { day: formatCalendarDay(day, locale, { day: "numeric", month: "short", year: "numeric" }) }));
  }
  return { title, detail };
}

/** An audit row as a history line: what the operator did, for how much and why, and what the service answered. */
export function describeOperatorAction(action: OperatorAction, t: Translator, locale: string, timeZone: string): Look & { title: string; detail: string[] } {
  const decision = DECISIONS[action.action];
  if (decision) {
    const detail: string[] = [];
    if (action.amount && action.currency && /^\d+$/.test(action.amount) && /^[A-Za-z]{3}$/.test(action.currency)) detail.push(formatMoney(BigInt(action.amount), action.currency, locale));
    if (action.reference) detail.push(t("reconciliationTimeline.with", { other: action.reference }));
    if (action.reason) detail.push(t("reconciliationTimeline.note", { note: action.reason }));
    return { ...decision, title: t(decision.title), detail };
  }
  const followUp = FOLLOW_UP_LOOK[action.action];
  if (followUp) return { ...followUp, ...describeFollowUp(action, t, locale, timeZone) };
  const known = ACTIONS[action.action];
  const title = known ? t(known.title) : t("refund.timeline.other", { type: action.action });
  const detail: string[] = [];
  if (action.amount && action.currency && /^\d+$/.test(action.amount) && /^[A-Za-z]{3}$/.test(action.currency)) {
    detail.push(formatMoney(BigInt(action.amount), action.currency, locale));
  }
  if (action.reason && (REFUND_REASONS as readonly string[]).includes(action.reason)) {
    detail.push(t(`refund.reasons.${action.reason as (typeof REFUND_REASONS)[number]}`));
  }
  if (action.reference) detail.push(action.reference);
  if (action.errorCode) detail.push(action.errorCode);
  return { ...(known ?? OTHER), title, detail };
}
