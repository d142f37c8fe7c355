// Pure: the service's parsed record → the local row. Unit-tested with the spec's samples (transforms.test.ts).
import type { Mode } from "@/lib/env-schema";
import type { ConnectedAccount, Customer, MobileTransfer, PaymentIntent, Renewal, Subscription } from "@/lib/payments/schemas";
import { statusRank } from "@/lib/webhooks/status-rank";

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

// A renewal moves draft → open → paid | void | uncollectible (uncollectible may still be paid later).
const RENEWAL_RANK: Record<string, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };
export const renewalRank = (status: string) => RENEWAL_RANK[status] ?? 0;

// A transfer is pending until the service settles it; every other status is an outcome.
export const transferRank = (status: string) => (status === "pending" ? 0 : 1);

export function intentRow(pi: PaymentIntent, mode: Mode, now: Date) {
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
    createdAt: new Date(pi.createdAt),
    // The time the service says the intent reached its status; with no updatedAt, its creation.
    lastEventAt: new Date(pi.updatedAt ?? pi.createdAt),
    syncedAt: now,
  };
}

export function transferRow(t: MobileTransfer, mode: Mode, now: Date) {
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
    authorizationDate: new Date(t.authorizationDate),
    status: t.status,
    // The service's own link of the transfer to an intent.
    paymentIntentId: t.paymentIntentId,
    source: "sync" as const,
    createdAt: new Date(t.createdAt),
    // When the money arrived, not when this copy was made: the Overview's windows are about the former.
    receivedAt: new Date(t.authorizationDate),
    syncedAt: now,
  };
}

export function renewalRow(r: Renewal, mode: Mode, now: Date) {
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
    periodStart: new Date(r.periodStart),
    periodEnd: new Date(r.periodEnd),
    attemptCount: r.attemptCount ?? null,
    nextPaymentAttempt: date(r.nextPaymentAttempt),
    createdAt: new Date(r.createdAt),
    syncedAt: now,
  };
}

export function subscriptionRow(s: Subscription, mode: Mode, now: Date) {
  return {
    mode,
    id: s.id,
    status: s.status,
    customerId: s.customerId ?? null,
    currency: s.currency ?? null,
    description: s.description ?? null,
    createdAt: new Date(s.createdAt),
    updatedAt: date(s.updatedAt),
    syncedAt: now,
  };
}

export function customerRow(c: Customer, mode: Mode, now: Date) {
  return {
    mode,
    id: c.id,
    name: c.name ?? null,
    email: c.email ?? null,
    phone: c.phone ?? null,
    amountSpent: c.amountSpent,
    transactionsCount: c.transactionsCount,
    createdAt: new Date(c.createdAt),
    updatedAt: date(c.updatedAt),
    syncedAt: now,
  };
}

export function accountRow(a: ConnectedAccount, mode: Mode, now: Date) {
  return {
    mode,
    id: a.id,
    status: a.status,
    businessName: a.businessName,
    marketplaceAppFee: a.marketplaceAppFee,
    createdAt: new Date(a.createdAt),
    syncedAt: now,
  };
}
