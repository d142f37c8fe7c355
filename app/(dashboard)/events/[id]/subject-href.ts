import { checkoutSessionKey } from "@/db/queries/checkout-sessions";
import type { SUBJECT_TYPES } from "@/db/schema";

export type SubjectType = (typeof SUBJECT_TYPES)[number];

// Renewals have no page of their own: they show as text. A checkout session's page is named by its URL's key.
const PAGES: Partial<Record<SubjectType, string>> = {
  payment_intent: "/payments",
  customer: "/customers",
  subscription: "/subscriptions",
  transfer: "/transfers",
};

/** The detail page of an event's subject (a transfer's is named by its SINPE reference), or null when it has none. */
export function subjectHref(type: SubjectType, id: string): string | null {
  if (type === "checkout_session") return `/checkout-sessions/${checkoutSessionKey(id)}`;
  const path = PAGES[type];
  return path ? `${path}/${encodeURIComponent(id)}` : null;
}
