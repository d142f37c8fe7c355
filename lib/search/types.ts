import type { Mode } from "@/lib/env-schema";
import type { PaymentServiceError } from "@/lib/payments/errors";
import type { IdKind } from "./classify";

// What a search found and how far it looked. Plain data, so the page and the dialog's action describe it alike.

/** Where a hit came from: the service's API, the events it sent this app (webhooks), or the sync's local copy. */
export type HitSource = "service" | "webhooks" | "copy";

export type CustomerHit = {
  type: "customer";
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** When the customer was created, where the record says (webhooks' customers do not): it tells namesakes apart. */
  createdAt: string | null;
  sources: HitSource[];
};
export type IntentHit = {
  type: "payment_intent";
  id: string;
  status: string;
  amount: number;
  currency: string;
  customerName: string | null;
  createdAt: string;
};
export type SubscriptionHit = { type: "subscription"; id: string; status: string; description: string | null; createdAt: string };
export type RenewalHit = {
  type: "renewal";
  id: string;
  status: string;
  total: number;
  currency: string;
  subscriptionId: string;
  periodStart: string;
  periodEnd: string;
};
export type AccountHit = { type: "connected_account"; id: string; businessName: string | null; status: string; createdAt: string };
export type TransferHit = {
  type: "transfer";
  reference: string;
  amount: number;
  currency: string;
  originName: string | null;
  originPhone: string | null;
  /** When the bank authorised it (or, known only locally, when its event arrived). */
  at: string | null;
  status: string | null;
  sources: HitSource[];
};

/** A checkout session this app recorded, found by one of its metadata values (an order number). */
export type CheckoutSessionHit = {
  type: "checkout_session";
  /** Its key (its URL, base64url): its page in this app. */
  id: string;
  amount: number;
  currency: string;
  status: string;
  customerName: string | null;
  createdAt: string | null;
  /** The metadata entries whose value is what was searched, "key: value". */
  matched: string;
};

export type SearchHit = CustomerHit | IntentHit | SubscriptionHit | RenewalHit | AccountHit | TransferHit | CheckoutSessionHit;

/** One place the search looked, so that "nothing found" can say where it looked and how far. */
export type Coverage =
  | { source: "service_ids"; kinds: IdKind[] }
  | { source: "service_transfers" }
  | { source: "webhook_transfers" }
  | { source: "webhook_customers" }
  | { source: "checkout_metadata" }
  /** The sync's copy of the customers, searched by name: complete once a whole pass has copied them, `rows` as last counted. */
  | { source: "customer_copy"; complete: boolean; rows: number | null }
  /** The newest `scanned` of `total` customers of the API's list (it cannot filter by e-mail or phone). */
  | { source: "customer_scan"; scanned: number; total: number | null; complete: boolean };

export type CoverageSource = Coverage["source"];

export type SearchOutcome = {
  mode: Mode;
  hits: SearchHit[];
  coverage: Coverage[];
  /** Lookups that could not answer: "nothing found" is then not the whole truth. */
  failures: { source: CoverageSource; error: PaymentServiceError }[];
  /** A local lookup returned its maximum: there may be more than the hits show. */
  truncated: boolean;
};

// The outcome as the operator reads it (app/(dashboard)/search/view.ts writes it): plain strings, so that the page and
// the header's dialog (which gets it from a server action) show it alike.

/** One search hit as a line of results: where it opens, what kind it is, and the few facts that tell it apart. */
export type SearchItem = {
  key: string;
  /** Null for a kind with no page of its own (connected accounts). */
  href: string | null;
  kind: string;
  title: string;
  /** The id or reference, shown in full so the operator can check it against what they typed. */
  id: string;
  /** The few facts that tell it apart (a status, an e-mail, a phone, when), in order: each is shown whole on a line. */
  facts: string[];
};

export type SearchView = {
  query: string;
  status: "empty" | "invalid" | "found" | "nothing" | "incomplete";
  heading: string;
  items: SearchItem[];
  /** What the query was taken for, then every place the search looked and how far. */
  searched: string | null;
  where: string[];
  /** Lookups that failed, each with what the operator can do about it. */
  problems: string[];
  notes: string[];
  /** The one exact hit's page, when there is exactly one and nothing failed: the search goes straight there. */
  navigateTo: string | null;
  /** More customers of that name than a search shows: the Customers list filtered by it, which pages through them all. */
  more: { href: string; label: string } | null;
};

/** The search as the header's dialog calls it: the server action (app/(dashboard)/search/actions.ts) the shell hands down. */
export type SearchAction = (query: unknown) => Promise<SearchView>;
