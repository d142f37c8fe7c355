import { newId } from "../ids";
import { notFoundError, serviceError, validationError } from "../http/errors";
import { route, type Route } from "../http/router";
import { objectBody, rejectUnknown } from "./body";

export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;

// POST /v1/refunds: a full or partial refund of a succeeded payment intent, up to what is left of it.
export const refundRoutes: Route[] = [
  route("POST", "/v1/refunds", ({ mode, body, store, path }) => {
    const input = objectBody(body);
    rejectUnknown(input, ["paymentIntentId", "amount", "reason", "description"]);
    const problems: string[] = [];
    if (typeof input.paymentIntentId !== "string" || input.paymentIntentId === "") problems.push("paymentIntentId must be a string");
    if (input.amount !== undefined && (!Number.isInteger(input.amount) || (input.amount as number) < 1)) {
      problems.push("amount must be a positive integer");
    }
    if (input.reason !== undefined && !(REFUND_REASONS as readonly unknown[]).includes(input.reason)) {
      problems.push(`reason must be one of the following values: ${REFUND_REASONS.join(", ")}`);
    }
    if (input.description !== undefined && (typeof input.description !== "string" || input.description.length > 500)) {
      problems.push("description must be a string of at most 500 characters");
    }
    if (problems.length > 0) throw validationError(...problems);

    const intent = store.get(mode, "paymentIntents", input.paymentIntentId as string);
    if (!intent) throw notFoundError("Payment intent not found");
    if (intent.status !== "succeeded") {
      throw serviceError(400, "refunds.invalid_payment_intent_status", `A payment intent in status ${intent.status} cannot be refunded`, path);
    }
    const remaining = intent.amount - intent.amountRefunded;
    const amount = (input.amount as number | undefined) ?? remaining;
    if (amount > remaining) {
      throw serviceError(400, "refunds.amount_exceeds_remaining", `The amount exceeds what remains to refund (${remaining})`, path, { remaining });
    }
    const now = store.now().toISOString();
    const refund = store.save(mode, "refunds", {
      id: newId("ref"),
      paymentIntentId: intent.id,
      amount,
      currency: intent.currency,
      status: "succeeded",
      reason: (input.reason as string | undefined) ?? null,
      description: (input.description as string | undefined) ?? null,
      createdAt: now,
    });
    const refunded = intent.amountRefunded + amount;
    store.save(mode, "paymentIntents", { ...intent, amountRefunded: refunded, status: refunded === intent.amount ? "refunded" : intent.status, updatedAt: now });
    return { status: 201, body: refund };
  }),
];
