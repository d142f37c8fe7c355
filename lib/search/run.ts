import "server-only";
import type { Db } from "@/db";
import { checkoutSessionKey, listCheckoutSessions } from "@/db/queries/checkout-sessions";
import { getLocalTransfer } from "@/db/queries/mobile-transfers";
import { getCustomerCopy } from "@/db/queries/customers";
import { findCustomersByName, findEventCustomersByEmail, findEventCustomersByPhone, findTransfersByPhone } from "@/db/queries/search";
import type { Mode } from "@/lib/env-schema";
import type { Customer, PaymentClient } from "@/lib/payments";
import type { ClassifiedQuery } from "./classify";
import { customerHit, localTransferHit, mergeHits } from "./hits";
import { LOCAL_RESULT_LIMIT } from "./limits";
import { samePhone } from "./phone";
import { findById, findTransferByReference, scanCustomers, type CustomerScan, type IdLookup } from "./service-lookups";
import type { Coverage, SearchHit, SearchOutcome } from "./types";

export type SearchContext = {
  db: Db;
  mode: Mode;
  /** The mode's client, made on first use: a mode without a key fails its lookups, not the whole search. */
  client: () => PaymentClient;
  /** How many pages of customers an e-mail or phone search reads (CUSTOMER_SCAN.pages unless a test says). */
  scanPages?: number;
};

export type SearchableQuery = Exclude<ClassifiedQuery, { kind: "invalid" }>;

type Part = { hits: SearchHit[]; coverage: Coverage[]; failures: SearchOutcome["failures"]; truncated?: boolean };

/**
 * Runs every lookup the query's kind calls for, at once, each scoped to the mode, and gathers what they found and how
 * far they looked. Database failures are thrown (the page's error boundary); the service's are reported per lookup.
 */
export async function runSearch(query: SearchableQuery, context: SearchContext): Promise<SearchOutcome> {
  const parts = await Promise.all(lookupsFor(query, context));
  return {
    mode: context.mode,
    hits: mergeHits(parts.flatMap((part) => part.hits)),
    coverage: parts.flatMap((part) => part.coverage),
    failures: parts.flatMap((part) => part.failures),
    truncated: parts.some((part) => part.truncated),
  };
}

function lookupsFor(query: SearchableQuery, context: SearchContext): Promise<Part>[] {
  // Whatever the text looks like, it may be a value the merchant put in a checkout's metadata (an order number, an
  // e-mail, a reference): the recorded sessions are searched for it beside the lookups of its kind. Not an id with a
  // known prefix: that names its object, which must open directly, even when a checkout's metadata repeats it (the
  // sandbox's sessions carry their paymentIntentId).
  const prefixedId = query.kind === "id" && query.id.then.length > 0;
  return [...kindLookups(query, context), ...(prefixedId ? [] : [checkoutsByMetadata(query.text, context)])];
}

async function checkoutsByMetadata(value: string, { db, mode }: SearchContext): Promise<Part> {
  const page = await listCheckoutSessions(db, { mode, metadataValue: value }, { limit: LOCAL_RESULT_LIMIT });
  return {
    hits: page.items.map((session) => checkoutSessionHit(session, value)),
    coverage: [{ source: "checkout_metadata" }],
    failures: [],
    truncated: (page.total ?? 0) > page.items.length,
  };
}

function checkoutSessionHit(session: Awaited<ReturnType<typeof listCheckoutSessions>>["items"][number], value: string): SearchHit {
  const matched = Object.entries(session.metadata ?? {})
    .filter(([, text]) => text === value)
    .map(([key, text]) => `${key}: ${text}`)
    .join(" · ");
  return {
    type: "checkout_session",
    id: checkoutSessionKey(session.url),
    amount: session.amountTotal,
    currency: session.currency,
    status: session.paymentStatus,
    customerName: session.customerName || session.customerEmail,
    createdAt: session.createdAt ? new Date(session.createdAt).toISOString() : null,
    matched: matched || value,
  };
}

function kindLookups(query: SearchableQuery, context: SearchContext): Promise<Part>[] {
  const { db, mode, client } = context;
  switch (query.kind) {
    case "reference":
      return [
        findTransferByReference(client, query.reference).then((found) => ({
          hits: found.ok && found.value ? [found.value] : [],
          coverage: [{ source: "service_transfers" }],
          failures: found.ok ? [] : [{ source: "service_transfers", error: found.error }],
        })),
        getLocalTransfer(db, { mode, reference: query.reference }).then((row) => ({
          hits: row ? [localTransferHit(row)] : [],
          coverage: [{ source: "webhook_transfers" }],
          failures: [],
        })),
        ...(query.id ? [findById(client, query.id).then(idPart)] : []),
      ];
    case "email": {
      const matches = (customer: Customer) => customer.email?.trim().toLowerCase() === query.email;
      return [
        findEventCustomersByEmail(db, { mode, email: query.email }).then(localCustomersPart),
        scanCustomers(client, matches, context.scanPages).then(scanPart),
      ];
    }
    case "phone":
      return [
        findEventCustomersByPhone(db, { mode, phoneKey: query.phoneKey }).then(localCustomersPart),
        scanCustomers(client, (customer) => samePhone(customer.phone, query.phoneKey), context.scanPages).then(scanPart),
        findTransfersByPhone(db, { mode, phoneKey: query.phoneKey }).then((rows) => ({
          hits: rows.map(localTransferHit),
          coverage: [{ source: "webhook_transfers" }],
          failures: [],
          truncated: rows.length >= LOCAL_RESULT_LIMIT,
        })),
      ];
    case "name":
      return [customersByName(query.words, context), ...(query.id ? [findById(client, query.id).then(idPart)] : [])];
    case "id":
      return [findById(client, query.id).then(idPart)];
  }
}

/** The service cannot filter customers by name: the sync's copy is searched, and how complete it is goes with the hits. */
async function customersByName(words: string[], { db, mode }: SearchContext): Promise<Part> {
  const [rows, copy] = await Promise.all([findCustomersByName(db, { mode, words }), getCustomerCopy(db, mode)]);
  return {
    hits: rows.slice(0, LOCAL_RESULT_LIMIT).map((row) => customerHit(row, "copy")),
    coverage: [{ source: "customer_copy", complete: copy.complete, rows: copy.rows }],
    failures: [],
    truncated: rows.length > LOCAL_RESULT_LIMIT,
  };
}

function idPart(lookup: IdLookup): Part {
  return {
    hits: lookup.hits,
    coverage: [{ source: "service_ids", kinds: lookup.kinds }],
    failures: lookup.errors.map((error) => ({ source: "service_ids", error })),
  };
}

function localCustomersPart(rows: Awaited<ReturnType<typeof findEventCustomersByEmail>>): Part {
  return {
    hits: rows.map((row) => customerHit(row, "webhooks")),
    coverage: [{ source: "webhook_customers" }],
    failures: [],
    truncated: rows.length >= LOCAL_RESULT_LIMIT,
  };
}

function scanPart(scan: CustomerScan): Part {
  return {
    hits: scan.found.map((customer) => customerHit(customer, "service")),
    coverage: [{ source: "customer_scan", scanned: scan.scanned, total: scan.total, complete: scan.complete }],
    failures: scan.error ? [{ source: "customer_scan", error: scan.error }] : [],
  };
}
