import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentClient } from "@/lib/payments/client";
import { getPaymentIntent } from "@/lib/payments/payment-intents";
import { createRefund, getRefund } from "@/lib/payments/refunds";
import { failure, refundableIntent } from "./helpers";
import { startTarget, type ConformanceTarget } from "./target";

// Refunds of a succeeded intent, up to its amount: what an operator's "refund" button relies on.

let target: ConformanceTarget;
let client: PaymentClient;

beforeAll(async () => {
  target = await startTarget();
  client = target.client("test");
}, 120_000);
afterAll(() => target?.stop());

describe("refunds", () => {
  it("refunds part, then the rest; the intent becomes refunded and a third refund is refused", async () => {
    const intent = await refundableIntent(target);
    const part = Math.floor(intent.amount / 3);
    expect(part).toBeGreaterThan(0);

    const first = await createRefund(client, { paymentIntentId: intent.id, amount: part, reason: "requested_by_customer" });
    expect(first).toMatchObject({ paymentIntentId: intent.id, amount: part });
    expect((await getRefund(client, first.id)).amount).toBe(part);
    // A partial refund leaves the intent succeeded.
    expect((await getPaymentIntent(client, intent.id)).status).toBe("succeeded");

    // No amount: the whole remaining amount.
    const rest = await createRefund(client, { paymentIntentId: intent.id });
    expect(rest.amount).toBe(intent.amount - part);
    expect((await getPaymentIntent(client, intent.id)).status).toBe("refunded");

    const third = await failure(createRefund(client, { paymentIntentId: intent.id, amount: 1 }));
    expect(third.status).toBe(400);
    expect(third.kind).toBe("service");
    expect(third.code).toEqual(expect.any(String));
  });
});
