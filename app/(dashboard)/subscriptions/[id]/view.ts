import { z } from "zod";
import { timestampSchema } from "@/lib/payments/schemas/common";
import type { Subscription } from "@/lib/payments/schemas";

// A subscription's items and current period are not in the spec (it shows no subscription fields at all); the
// service sends them. Read defensively: an odd value hides its
// part of the page instead of failing it.

const itemSchema = z.object({
  description: z.string().nullish(),
  quantity: z.int().nonnegative(),
  unitAmount: z.int(),
  currency: z.string().regex(/^[A-Za-z]{3}$/).transform((code) => code.toUpperCase()),
});

const subscriptionExtras = z.object({
  items: z.array(itemSchema).catch([]).default([]),
  currentPeriodStart: timestampSchema.nullish().catch(null),
  currentPeriodEnd: timestampSchema.nullish().catch(null),
  cancelAtPeriodEnd: z.boolean().nullish().catch(null),
  canceledAt: timestampSchema.nullish().catch(null),
});


export type SubscriptionView = Subscription & z.infer<typeof subscriptionExtras> & {
  /** What one period costs, when every item is in one currency (a sum across currencies means nothing). */
  perPeriod: { amount: number; currency: string } | null;
};

export function toSubscriptionView(subscription: Subscription): SubscriptionView {
  const extras = subscriptionExtras.parse(subscription);
  const currencies = new Set(extras.items.map((item) => item.currency));
  const [currency] = currencies;
  const perPeriod =
    currency && currencies.size === 1 ? { amount: extras.items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0), currency } : null;
  return { ...subscription, ...extras, perPeriod };
}
