import { notFoundError } from "../http/errors";
import { route, type Route } from "../http/router";
import type { RecordOf } from "../store/store";
import { allOf, getHandler, listHandler, textFilter } from "./list-handler";

// Payment methods, products, prices and shipping rates: DESIGN.md's rows for them. Product pictures are kept as paths
// on the sandbox and answered as absolute URLs on the address it was started with, as the service's would be.

export function catalogRoutes(publicUrl: string): Route[] {
  const presentProduct = (product: RecordOf<"products">) =>
    Array.isArray(product.images) ? { ...product, images: product.images.map((image) => (image.startsWith("/") ? `${publicUrl}${image}` : image)) } : product;

  return [
    route(
      "GET",
      "/v1/customers/:id/payment-methods",
      listHandler("paymentMethods", {
        // The customer must exist in this mode (a test customer's cards are not found with a live key).
        where: (_query, { mode, params, store }) => {
          if (!store.get(mode, "customers", params.id!)) throw notFoundError("Customer not found");
          return (method) => method.customerId === params.id;
        },
      }),
    ),

    route("GET", "/v1/products", listHandler("products", { present: presentProduct })),
    route("GET", "/v1/products/:id", getHandler("products", "Product", presentProduct)),

    route(
      "GET",
      "/v1/prices",
      listHandler("prices", {
        // A product with no prices, or an id that names none, is an empty list: a filter, not a lookup.
        where: (query) => {
          const productId = textFilter(query, "productId");
          return allOf(productId ? (price) => price.productId === productId : undefined);
        },
      }),
    ),

    route("GET", "/v1/shipping-rates", listHandler("shippingRates")),
    route("GET", "/v1/shipping-rates/:id", getHandler("shippingRates", "Shipping rate")),
  ];
}
