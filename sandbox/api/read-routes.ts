import { MOBILE_TRANSFER_STATUSES, PAYMENT_INTENT_STATUSES, RENEWAL_STATUSES, SUBSCRIPTION_STATUSES } from "@/lib/payments/schemas";
import { marketplaceError, validationError } from "../http/errors";
import type { Mode } from "../model";
import type { Store } from "../store/store";
import { route, type Route } from "../http/router";
import { allOf, enumFilter, getHandler, listHandler, textFilter } from "./list-handler";

// Every metadata key used across the account's intents (not just the page), recounted only when intents change.
const keysCache = new WeakMap<object, { size: number; keys: string[] }>();
function metadataKeys(store: Store, mode: Mode): string[] {
  const intents = store.collection(mode, "paymentIntents");
  const cached = keysCache.get(intents);
  if (cached?.size === intents.size) return cached.keys;
  const keys = [...new Set(intents.all().flatMap((pi) => Object.keys(pi.metadata ?? {})))].sort();
  keysCache.set(intents, { size: intents.size, keys });
  return keys;
}

// The read side of DESIGN.md's endpoint table (payment methods, products, prices and shipping rates: catalog.ts).
export const readRoutes: Route[] = [
  route("GET", "/v1/customers", listHandler("customers")),
  route("GET", "/v1/customers/:id", getHandler("customers", "Customer")),

  route(
    "GET",
    "/v1/payment-intents/account",
    listHandler("paymentIntents", {
      where: (query) => {
        const status = enumFilter(query, "status", PAYMENT_INTENT_STATUSES);
        const customerId = textFilter(query, "customerId");
        return allOf(status ? (pi) => pi.status === status : undefined, customerId ? (pi) => pi.customerId === customerId : undefined);
      },
      extra: (_records, query, { store, mode }) => (query.get("includeMetadataKeys") === "true" ? { metadataKeys: metadataKeys(store, mode) } : {}),
    }),
  ),
  route("GET", "/v1/payment-intents/:id", getHandler("paymentIntents", "Payment intent")),

  route(
    "GET",
    "/v1/subscriptions",
    listHandler("subscriptions", {
      where: (query) => {
        const status = enumFilter(query, "status", SUBSCRIPTION_STATUSES);
        const customerId = textFilter(query, "customerId");
        return allOf(status ? (s) => s.status === status : undefined, customerId ? (s) => s.customerId === customerId : undefined);
      },
    }),
  ),
  route("GET", "/v1/subscriptions/:id", getHandler("subscriptions", "Subscription")),

  route(
    "GET",
    "/v1/invoices",
    listHandler("renewals", {
      envelope: "renewal",
      where: (query) => {
        const status = enumFilter(query, "status", RENEWAL_STATUSES);
        const subscriptionId = textFilter(query, "subscriptionId");
        const customerId = textFilter(query, "customerId");
        return allOf(
          status ? (r) => r.status === status : undefined,
          subscriptionId ? (r) => r.subscriptionId === subscriptionId : undefined,
          customerId ? (r) => r.customerId === customerId : undefined,
        );
      },
    }),
  ),
  route("GET", "/v1/invoices/:id", getHandler("renewals", "Invoice")),

  route(
    "GET",
    "/v1/mobile-transfers/list",
    listHandler("mobileTransfers", {
      envelope: "transfer",
      where: (query) => {
        const status = enumFilter(query, "status", MOBILE_TRANSFER_STATUSES);
        const reference = textFilter(query, "SINPERefNumber");
        if (reference !== undefined && reference.length !== 25) throw validationError("SINPERefNumber must be 25 characters long");
        const originId = textFilter(query, "originId");
        return allOf(
          status ? (t) => t.status === status : undefined,
          reference ? (t) => t.SINPERefNumber === reference : undefined,
          originId ? (t) => t.originId === originId : undefined,
        );
      },
    }),
  ),

  route("GET", "/v1/refunds/:id", getHandler("refunds", "Refund")),

  route("GET", "/v1/connected-accounts", listHandler("connectedAccounts")),
  route("GET", "/v1/connected-accounts/:id", ({ mode, params, store, path }) => {
    const account = store.get(mode, "connectedAccounts", params.id!);
    // A marketplace endpoint: its errors come in the marketplace error shape.
    if (!account) throw marketplaceError(404, "connected_account.not_found", "Connected account not found", path);
    return { body: account };
  }),
];
