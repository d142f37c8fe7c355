import { z } from "zod";
import { REFUND_DESCRIPTION_MAX } from "@/lib/payments/refund-reasons";
import type { RefundRequest } from "./refund-input";

/** The shape a refund action accepts (checkRefundFields reads the fields themselves); anything else is refused. */
export const refundRequestSchema = z.strictObject({
  paymentIntentId: z.string().min(1).max(255),
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.string().max(64),
  reason: z.string().max(64),
  description: z.string().max(REFUND_DESCRIPTION_MAX * 4),
}) satisfies z.ZodType<RefundRequest>;
