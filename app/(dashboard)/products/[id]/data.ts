import "server-only";
import { readAsOperator } from "@/lib/auth/require-operator";
import { imageOrigins } from "@/lib/catalog/image-origins.mjs";
import { env } from "@/lib/env";
import { getMode } from "@/lib/mode";
import { getPaymentClient, getProduct, listPrices, type Price, type Product } from "@/lib/payments";
import { settle, settleSubject, type Settled } from "@/lib/payments/settle";
import { sortPrices } from "./prices";

/** A product has a handful of prices; one page of the most the service gives holds them all. */
const PRICE_LIMIT = 100;

export type ProductDetail = {
  product: Product;
  // The prices fail on their own: a failing prices call must not hide what the product is.
  prices: Settled<{ items: Price[]; total?: number }>;
  /** Where pictures may load from (the page's CSP). */
  imageOrigins: string[];
};

/** The product and its prices, in two parallel calls. No such product → 404. */
export async function loadProduct(id: string): Promise<Settled<ProductDetail>> {
  const mode = await getMode();
  const client = () => getPaymentClient(mode);
  const {
    value: [product, prices],
  } = await readAsOperator("viewer", () =>
    Promise.all([
      settleSubject(() => getProduct(client(), id)),
      settle(async () => {
        const page = await listPrices(client(), { productId: id, limit: PRICE_LIMIT });
        return { items: sortPrices(page.items), total: page.total };
      }),
    ]),
  );
  if (!product.ok) return product;
  const settings = env();
  return { ok: true, value: { product: product.value, prices, imageOrigins: imageOrigins(settings.PAYMENT_API_URL, settings.PAYMENT_IMAGE_ORIGINS) } };
}
