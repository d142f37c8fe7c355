import { z } from "zod";
import { isCurrencyCode } from "@/lib/format/money";
import { REFUND_DESCRIPTION_MAX } from "@/lib/payments/refund-reasons";
import { idInputSchema } from "@/lib/payments/schemas";
import type { RefundRequest } from "./refund-input";

/** The shape a refund action accepts (checkRefundFields reads the fields themselves); anything else is refused. */
export const refundRequestSchema = z.strictObject({
  paymentIntentId: idInputSchema,
  currency: z.string().refine(isCurrencyCode),
  amount: z.string().max(64),
  reason: z.string().max(64),
  description: z.string().max(REFUND_DESCRIPTION_MAX * 4),
  // Made by the page with randomUUID(); anything else is a forged or broken form.
  requestKey: z.uuid(),
}) satisfies z.ZodType<RefundRequest>;
