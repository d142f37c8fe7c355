import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { paths } from "./paths";
import { createRefundInputSchema, refundSchema, type CreateRefundInput, type Refund } from "./schemas";

/** Sent once: a refund is never retried by the client, so a timeout leaves it to the operator to check. */
export async function createRefund(client: PaymentClient, input: CreateRefundInput): Promise<Refund> {
  return client.post(paths.refunds, refundSchema, parseInput(createRefundInputSchema, input, "refund"));
}
