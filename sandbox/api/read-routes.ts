import { MOBILE_TRANSFER_STATUSES, PAYMENT_INTENT_STATUSES, RENEWAL_STATUSES, SUBSCRIPTION_STATUSES } from "@/lib/payments/schemas";
import { validationError } from "../http/errors";
import { route, type Route } from "../http/router";
import { allOf, enumFilter, getHandler, listHandler, textFilter } from "./list-handler";

// The read side of DESIGN.md's endpoint table.
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
      extra: (records, query) =>
        query.get("includeMetadataKeys") === "true" ? { metadataKeys: [...new Set(records.flatMap((pi) => Object.keys(pi.metadata ?? {})))].sort() } : {},
    }),
  ),
  route("GET", "/v1/payment-intents/:id", getHandler("paymentIntents", "Payment intent")),

  route("GET", "/v1/products", listHandler("products")),
  route("GET", "/v1/prices", listHandler("prices")),

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
  route("GET", "/v1/connected-accounts/:id", getHandler("connectedAccounts", "Connected account")),
];
