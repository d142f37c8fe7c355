import { z } from "zod";
import { paymentIntentSchema, priceSchema, productSchema, renewalSchema, shippingRateSchema, subscriptionSchema } from "./billing";
import { connectedAccountSchema, customerSchema, mobileTransferSchema, paymentMethodSchema } from "./records";

const countSchema = z.int().nonnegative();
// A cursor is absent, null or empty at either end of a list; page.ts treats all three as "no cursor".
const cursorSchema = z.string().nullish();

/** Meta of most lists: cursorNext is sent back as startingAfter, cursorBefore as endingBefore. */
export const listMetaSchema = z.looseObject({
  total: countSchema,
  pages: countSchema,
  limit: countSchema,
  cursorNext: cursorSchema,
  cursorBefore: cursorSchema,
});

/** Meta of the renewal (invoice) list: same role as list meta, but the cursors are named after the query parameters. */
export const renewalListMetaSchema = z.looseObject({
  total: countSchema,
  pages: countSchema,
  limit: countSchema,
  startingAfter: cursorSchema,
  endingBefore: cursorSchema,
});

/** Meta of the mobile transfer list: no cursors at all, only whether more records follow the last one. */
export const mobileTransferListMetaSchema = z.looseObject({
  total: countSchema,
  hasMore: z.boolean(),
});

function listEnvelope<Item extends z.ZodType, Meta extends z.ZodType>(item: Item, meta: Meta) {
  return z.looseObject({ data: z.array(item), meta });
}

export const customerListSchema = listEnvelope(customerSchema, listMetaSchema);
export const paymentMethodListSchema = listEnvelope(paymentMethodSchema, listMetaSchema);
export const productListSchema = listEnvelope(productSchema, listMetaSchema);
export const priceListSchema = listEnvelope(priceSchema, listMetaSchema);
export const shippingRateListSchema = listEnvelope(shippingRateSchema, listMetaSchema);
export const subscriptionListSchema = listEnvelope(subscriptionSchema, listMetaSchema);
export const connectedAccountListSchema = listEnvelope(connectedAccountSchema, listMetaSchema);
export const renewalListSchema = listEnvelope(renewalSchema, renewalListMetaSchema);
export const mobileTransferListSchema = listEnvelope(mobileTransferSchema, mobileTransferListMetaSchema);

/** metadataKeys is present only when the request asked for includeMetadataKeys. */
export const paymentIntentListSchema = listEnvelope(paymentIntentSchema, listMetaSchema).extend({
  metadataKeys: z.array(z.string()).optional(),
});

export type ListMeta = z.infer<typeof listMetaSchema>;
export type RenewalListMeta = z.infer<typeof renewalListMetaSchema>;
export type MobileTransferListMeta = z.infer<typeof mobileTransferListMetaSchema>;
