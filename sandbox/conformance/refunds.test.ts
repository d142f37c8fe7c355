import { describe, expect, it } from "vitest";
import { getPaymentIntent } from "@/lib/payments/payment-intents";
import { createRefund } from "@/lib/payments/refunds";
import { failure, getRefund, refundableIntent } from "./helpers";
import { conformanceSuite } from "./target";

// Refunds of a succeeded intent, up to its amount: what an operator's "refund" button relies on.

const suite = conformanceSuite();

describe("refunds", () => {
  it("refunds part, then the rest; the intent becomes refunded and a third refund is refused", async () => {
    const intent = await refundableIntent(suite.target);
    const part = Math.floor(intent.amount / 3);
    expect(part).toBeGreaterThan(0);

    const first = await createRefund(suite.client, { paymentIntentId: intent.id, amount: part, reason: "requested_by_customer" });
    expect(first).toMatchObject({ paymentIntentId: intent.id, amount: part });
    expect((await getRefund(suite.client, first.id)).amount).toBe(part);
    // A partial refund leaves the intent succeeded.
    expect((await getPaymentIntent(suite.client, intent.id)).status).toBe("succeeded");

    // No amount: the whole remaining amount.
    const rest = await createRefund(suite.client, { paymentIntentId: intent.id });
    expect(rest.amount).toBe(intent.amount - part);
    expect((await getPaymentIntent(suite.client, intent.id)).status).toBe("refunded");

    const third = await failure(createRefund(suite.client, { paymentIntentId: intent.id, amount: 1 }));
    expect(third.status).toBe(400);
    expect(third.kind).toBe("service");
    expect(third.code).toEqual(expect.any(String));
  });
});
