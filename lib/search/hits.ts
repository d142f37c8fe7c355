import type { EventCustomer, NamedCustomer, PhoneTransfer } from "@/db/queries/search";
import type { LocalTransfer } from "@/db/queries/mobile-transfers";
import type { Customer, MobileTransfer } from "@/lib/payments/schemas";
import type { CustomerHit, HitSource, SearchHit, TransferHit } from "./types";

// Records of either origin as search hits, and one hit per object when both origins found it.

export function customerHit(customer: Customer | EventCustomer | NamedCustomer, source: HitSource): CustomerHit {
  const { id, name, email, phone } = customer;
  const created = "createdAt" in customer ? customer.createdAt : null;
  const createdAt = created ? new Date(created).toISOString() : null;
  return { type: "customer", id, name: name || null, email: email || null, phone: phone || null, createdAt, sources: [source] };
}

export function serviceTransferHit(transfer: MobileTransfer): TransferHit {
  return {
    type: "transfer",
    reference: transfer.SINPERefNumber,
    amount: transfer.amount,
    currency: transfer.currency,
    originName: transfer.originName || null,
    originPhone: null,
    at: transfer.authorizationDate,
    status: transfer.status,
    sources: ["service"],
  };
}

export function localTransferHit(transfer: LocalTransfer | PhoneTransfer): TransferHit {
  const at = transfer.authorizationDate ?? transfer.receivedAt;
  return {
    type: "transfer",
    reference: transfer.sinpeRefNumber,
    amount: transfer.amount,
    currency: transfer.currency,
    originName: transfer.originName,
    originPhone: transfer.originPhone,
    at: at.toISOString(),
    status: "status" in transfer ? transfer.status : null,
    sources: ["webhooks"],
  };
}

const identity = (hit: SearchHit) => `${hit.type}:${hit.type === "transfer" ? hit.reference : hit.id}`;

/**
 * The service's fields win (it is the source of truth); the webhook's or the copy's fill its gaps (a transfer's sender
 * phone). Between the copy and a webhook, the first found wins.
 */
function combine<T extends CustomerHit | TransferHit>(a: T, b: T): T {
  const [service, local] = b.sources.includes("service") && !a.sources.includes("service") ? [b, a] : [a, b];
  const out: Record<string, unknown> = { ...local };
  for (const [key, value] of Object.entries(service)) if (value !== null) out[key] = value;
  out.sources = [...new Set([...service.sources, ...local.sources])];
  return out as T;
}

/** One hit per object, in first-seen order, when both the service and the webhooks found it. */
export function mergeHits(hits: SearchHit[]): SearchHit[] {
  const merged = new Map<string, SearchHit>();
  for (const hit of hits) {
    const key = identity(hit);
    const seen = merged.get(key);
    if (seen?.type === "customer" && hit.type === "customer") merged.set(key, combine(seen, hit));
    else if (seen?.type === "transfer" && hit.type === "transfer") merged.set(key, combine(seen, hit));
    else if (!seen) merged.set(key, hit);
  }
  return [...merged.values()];
}
