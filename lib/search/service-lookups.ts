import "server-only";
import {
  getConnectedAccount,
  getCustomer,
  getPaymentIntent,
  getRenewal,
  getSubscription,
  isPaymentServiceError,
  listCustomers,
  listMobileTransfers,
  type Customer,
  type PaymentClient,
  type PaymentServiceError,
} from "@/lib/payments";
import type { IdKind, IdPlan } from "./classify";
import { customerHit, serviceTransferHit } from "./hits";
import { CUSTOMER_SCAN } from "./limits";
import type { SearchHit, TransferHit } from "./types";

// Search's calls to the Payment Service. A "no such object" answer is a miss, not a failure; any other failure is
// returned (not thrown) so that the other lookups' hits still reach the operator, with a word on what failed.

export type Answer<T> = { ok: true; value: T } | { ok: false; error: PaymentServiceError };


async function answer<T>(call: () => Promise<T>, missing: (error: PaymentServiceError) => boolean): Promise<Answer<T | null>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!isPaymentServiceError(error)) throw error;
    return missing(error) ? { ok: true, value: null } : { ok: false, error };
  }
}

// By id, a 404 means "not this kind"; so does a 400 or an id the client refuses, as one kind's endpoint may reject
// another kind's id format.
const idMiss = (error: PaymentServiceError) => error.status === 404 || error.status === 400 || error.kind === "invalid_input";

async function byId(client: () => PaymentClient, kind: IdKind, id: string): Promise<SearchHit> {
  switch (kind) {
    case "customer":
      return customerHit(await getCustomer(client(), id), "service");
    case "payment_intent": {
      const intent = await getPaymentIntent(client(), id);
      const { status, amount, currency, createdAt } = intent;
      return { type: "payment_intent", id: intent.id, status, amount, currency, customerName: intent.customer?.name || null, createdAt };
    }
    case "subscription": {
      const subscription = await getSubscription(client(), id);
      const { status, createdAt } = subscription;
      return { type: "subscription", id: subscription.id, status, description: subscription.description || null, createdAt };
    }
    case "renewal": {
      const { id: renewalId, status, total, currency, subscriptionId, periodStart, periodEnd } = await getRenewal(client(), id);
      return { type: "renewal", id: renewalId, status, total, currency, subscriptionId, periodStart, periodEnd };
    }
    case "connected_account": {
      const account = await getConnectedAccount(client(), id);
      return { type: "connected_account", id: account.id, businessName: account.businessName, status: account.status, createdAt: account.createdAt };
    }
  }
}

export type IdLookup = { hits: SearchHit[]; kinds: IdKind[]; errors: PaymentServiceError[] };

/** The plan's first kinds at once; only if none has the id, the other kinds at once. */
export async function findById(client: () => PaymentClient, plan: IdPlan): Promise<IdLookup> {
  const round = (kinds: IdKind[]) => Promise.all(kinds.map((kind) => answer(() => byId(client, kind, plan.id), idMiss)));
  const first = await round(plan.first);
  const found = first.flatMap((result) => (result.ok && result.value ? [result.value] : []));
  const rounds = found.length === 0 && plan.then.length > 0 ? [...first, ...(await round(plan.then))] : first;
  return {
    hits: rounds.flatMap((result) => (result.ok && result.value ? [result.value] : [])),
    kinds: found.length === 0 ? [...plan.first, ...plan.then] : plan.first,
    errors: rounds.flatMap((result) => (result.ok ? [] : [result.error])),
  };
}

/** The transfers list filtered by the transfer system's reference (the API has no read by reference). */
export async function findTransferByReference(client: () => PaymentClient, reference: string): Promise<Answer<TransferHit | null>> {
  return answer(
    async () => {
      const page = await listMobileTransfers(client(), { SINPERefNumber: reference, limit: 1 });
      const transfer = page.items.find((item) => item.SINPERefNumber === reference);
      return transfer ? serviceTransferHit(transfer) : null;
    },
    (error) => error.status === 404,
  );
}

export type CustomerScan = { found: Customer[]; scanned: number; total: number | null; complete: boolean; error?: PaymentServiceError };

/** Reads the newest customers page by page (at most `pages`), keeping those that `match`. A failure keeps what was read. */
export async function scanCustomers(client: () => PaymentClient, match: (customer: Customer) => boolean, pages: number = CUSTOMER_SCAN.pages): Promise<CustomerScan> {
  const scan: CustomerScan = { found: [], scanned: 0, total: null, complete: false };
  let cursor: string | undefined;
  for (let page = 0; page < pages; page++) {
    const result = await answer(() => listCustomers(client(), { limit: CUSTOMER_SCAN.pageSize, startingAfter: cursor }), () => false);
    if (!result.ok) return { ...scan, error: result.error };
    const { items, next, total } = result.value!;
    scan.scanned += items.length;
    scan.total = total ?? scan.total;
    scan.found.push(...items.filter(match));
    if (!next || items.length === 0 || (scan.total !== null && scan.scanned >= scan.total)) return { ...scan, complete: true };
    cursor = next;
  }
  return scan;
}
