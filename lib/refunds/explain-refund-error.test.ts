import { describe, expect, it } from "vitest";
import { PaymentServiceError, parseErrorBody } from "@/lib/payments/errors";
import { explainRefundError } from "./explain-refund-error";

const timestamp = "2026-11-21T15:00:00.000Z";
const answered = (status: number, body: unknown) => PaymentServiceError.fromResponse("POST", "/v1/refunds", parseErrorBody(status, body, "/v1/refunds"));
const serviceError = (code: string, message: string) =>
  answered(400, { code, path: "/v1/refunds", type: "invalid_request_error", message, timestamp, statusCode: 400 });

describe("explainRefundError", () => {
  it("puts more-than-remains on the amount field, in words", () => {
    expect(explainRefundError(serviceError("refunds.amount_exceeds_remaining", "The amount exceeds what remains to refund (500)"), true)).toEqual({
      problem: { outcome: "refused", messageKey: "refund.errors.amountExceedsRemaining", messages: [], detail: "HTTP 400 · refunds.amount_exceeds_remaining · The amount exceeds what remains to refund (500)" },
      fieldErrors: { amount: "exceeds" },
    });
    expect(explainRefundError(serviceError("refunds.invalid_payment_intent_status", "x"), true).problem.messageKey).toBe("refund.errors.notRefundable");
  });

  it("lists the service's validation messages as it wrote them", () => {
    const validation = answered(400, { statusCode: 400, message: ["amount must be a positive integer", "reason must be one of …"], error: "Bad Request" });
    expect(explainRefundError(validation, true).problem).toMatchObject({ outcome: "refused", messageKey: "refund.errors.validation", messages: ["amount must be a positive integer", "reason must be one of …"] });
  });

  it("says a lost answer or a server error may have refunded, and a refusal before sending did not", () => {
    for (const error of [new PaymentServiceError({ kind: "timeout", message: "timed out" }), new PaymentServiceError({ kind: "network", message: "reset" }), answered(502, "Bad gateway")]) {
      expect(explainRefundError(error, true).problem).toMatchObject({ outcome: "unknown", messageKey: "refund.errors.unknownOutcome" });
    }
    const noKey = new PaymentServiceError({ kind: "not_configured", message: "No key" });
    expect(explainRefundError(noKey, false).problem).toMatchObject({ outcome: "not_sent", messageKey: "paymentErrors.keysMisconfigured" });
    // An unknown code falls back to the client's explanation by status.
    expect(explainRefundError(answered(403, { statusCode: 403, message: "Invalid key", error: "Forbidden" }), true).problem).toMatchObject({ outcome: "refused", messageKey: "paymentErrors.forbidden" });
  });
});
