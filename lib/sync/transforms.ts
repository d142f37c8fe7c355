// Pure: the service's parsed record → the local row. Unit-tested with the spec's samples (transforms.test.ts).
// Times stay the service's ISO text (checked by the schema: z.iso.datetime with an offset), cast by PostgreSQL on
// write: a Date per field cost 0.8 ms of CPU per 100-row page of transfers to build and serialise again (measured), in
// the one thread that also fetches and parses the pages.
import type { Mode } from "@/lib/env-schema";
import type { ConnectedAccount, Customer, MobileTransfer, PaymentIntent, Renewal, Subscription } from "@/lib/payments/schemas";
import { lastPaymentErrorSchema } from "@/lib/payments/schemas/billing";
import { refundedOf } from "@/lib/refunds/remaining";
import { statusRank } from "@/lib/webhooks/status-rank";

const time = (value: string | null | undefined) => value || null;

// A renewal moves draft → open → paid | void | uncollectible (uncollectible may still be paid later).
const RENEWAL_RANK: Record<string, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };
export const renewalRank = (status: string) => RENEWAL_RANK[status] ?? 0;

// A transfer is pending until the service settles it; every other status is an outcome.
export const transferRank = (status: string) => (status === "pending" ? 0 : 1);

// Built once: zod builds a schema's parser on its creation, and `.nullish()` per record cost 0.3 ms of CPU per page of
// intents (measured), most of it building, in the thread that fetches and parses the pages.
const lastErrorSchema = lastPaymentErrorSchema.nullish();

/** The record's last payment error with only the fields it fills; null when it names none or has another shape. */
function lastError(pi: PaymentIntent): Record<string, string> | null {
  const raw = (pi as { lastPaymentError?: unknown }).lastPaymentError;
  if (raw === null || raw === undefined) return null;
  const error = lastErrorSchema.safeParse(raw).data;
  if (!error) return null;
  const kept = Object.fromEntries(Object.entries(error).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * When the intent reached its status, as best the record tells: its updatedAt (the last change), or its creation when
 * there is none. Not so for a succeeded intent that shows refunds: a partial refund leaves the status succeeded but
 * moves updatedAt to the refund, days after the payment. The record keeps no time of the success itself, so its
 * creation stands in: the success came after it, and for a card within minutes of it (a SINPE payment within the hour),
 * where the refund's time would put the payment on another day. A refunded intent's updatedAt is the refund that
 * completed it, which is that status's own time.
 */
function statusTime(pi: PaymentIntent): string {
  if (pi.status === "succeeded" && refundedOf(pi) > 0) return pi.createdAt;
  return pi.updatedAt ?? pi.createdAt;
}

export function intentRow(pi: PaymentIntent, mode: Mode, syncedAt: string) {
  return {
    mode,
    id: pi.id,
    status: pi.status,
    statusRank: statusRank(pi.status),
    amount: pi.amount,
    currency: pi.currency,
    customerId: pi.customerId ?? pi.customer?.id ?? null,
    description: pi.description ?? null,
    metadata: pi.metadata ?? null,
    lastError: lastError(pi),
    paymentMethodId: pi.paymentMethodId ?? null,
    createdAt: pi.createdAt,
    lastEventAt: statusTime(pi),
    syncedAt,
  };
}

export function transferRow(t: MobileTransfer, mode: Mode, syncedAt: string) {
  return {
    mode,
    sinpeRefNumber: t.SINPERefNumber,
    serviceId: t.id,
    amount: t.amount,
    currency: t.currency,
    originId: t.originId,
    originName: t.originName,
    description: t.description ?? null,
    destinationPhone: t.destinationPhone,
    authorizationDate: t.authorizationDate,
    status: t.status,
    // The service's own link of the transfer to an intent.
    paymentIntentId: t.paymentIntentId,
    source: "sync" as const,
    createdAt: t.createdAt,
    // When the money arrived, not when this copy was made: the Overview's windows are about the former.
    receivedAt: t.authorizationDate,
    syncedAt,
  };
}

export function renewalRow(r: Renewal, mode: Mode, syncedAt: string) {
  return {
    mode,
    id: r.id,
    status: r.status,
    statusRank: renewalRank(r.status),
    subscriptionId: r.subscriptionId,
    customerId: r.customerId ?? null,
    // Empty before the first charge attempt.
    paymentIntentId: r.paymentIntentId || null,
    currency: r.currency,
    total: r.total,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    attemptCount: r.attemptCount ?? null,
    nextPaymentAttempt: time(r.nextPaymentAttempt),
    createdAt: r.createdAt,
    syncedAt,
  };
}

export function subscriptionRow(s: Subscription, mode: Mode, syncedAt: string) {
  return {
    mode,
    id: s.id,
    status: s.status,
    customerId: s.customerId ?? null,
    currency: s.currency ?? null,
    description: s.description ?? null,
    createdAt: s.createdAt,
    updatedAt: time(s.updatedAt),
    syncedAt,
  };
}

export function customerRow(c: Customer, mode: Mode, syncedAt: string) {
  return {
    mode,
    id: c.id,
    name: c.name ?? null,
    email: c.email ?? null,
    phone: c.phone ?? null,
    amountSpent: c.amountSpent,
    transactionsCount: c.transactionsCount,
    createdAt: c.createdAt,
    updatedAt: time(c.updatedAt),
    syncedAt,
  };
}

export function accountRow(a: ConnectedAccount, mode: Mode, syncedAt: string) {
  return {
    mode,
    id: a.id,
    status: a.status,
    businessName: a.businessName,
    marketplaceAppFee: a.marketplaceAppFee,
    createdAt: a.createdAt,
    syncedAt,
  };
}
