import { describe, expect, it } from "vitest";
import { PAYMENT_ERROR_MESSAGE_KEYS, errorCategory, errorMessageKey } from "./error-messages";
import { PaymentServiceError, parseErrorBody, type PaymentErrorKind } from "./errors";

const fromStatus = (status: number, body: unknown = undefined) => PaymentServiceError.fromResponse("GET", "/v1/x", parseErrorBody(status, body));
const clientSide = (kind: PaymentErrorKind) => new PaymentServiceError({ kind, message: kind });

describe("errorCategory", () => {
  it.each([
    [401, "keys_misconfigured"],
    [403, "keys_misconfigured"],
    [404, "not_found"],
    [429, "rate_limited"],
    [500, "unavailable"],
    [503, "unavailable"],
    [400, "invalid_request"],
    [409, "invalid_request"],
  ] as const)("puts HTTP %i under %s", (status, category) => {
    expect(errorCategory(fromStatus(status))).toBe(category);
  });

  it("classifies failures on this side of the wire", () => {
    expect(errorCategory(clientSide("network"))).toBe("unavailable");
    expect(errorCategory(clientSide("timeout"))).toBe("unavailable");
    expect(errorCategory(clientSide("invalid_response"))).toBe("invalid_response");
    expect(errorCategory(clientSide("invalid_input"))).toBe("invalid_request");
    expect(errorCategory(clientSide("not_configured"))).toBe("keys_misconfigured");
  });
});

describe("errorMessageKey", () => {
  const decline = (reason: string, declineMessage: string) =>
    fromStatus(402, {
      code: "cards.declined",
      path: "/v1/payment-intents/pi_1/confirm",
      type: "OnvoAPIError",
      message: "declined",
      timestamp: "2026-11-21T15:00:00Z",
      statusCode: 402,
      details: { card: { reason, declineCode: "05", declineMessage } },
    });

  it("keys a decline by its reason and never by its message", () => {
    expect(errorMessageKey(decline("issuer_declined", "Do not honor"))).toBe("paymentErrors.decline.issuer_declined");
    expect(errorMessageKey(decline("issuer_declined", "insufficient funds"))).toBe("paymentErrors.decline.issuer_declined");
    expect(errorMessageKey(decline("onvo_declined", "x"))).toBe("paymentErrors.decline.onvo_declined");
    expect(errorMessageKey(decline("brand_new_reason", "x"))).toBe("paymentErrors.decline.unknown");
  });

  it("keys known codes, then falls back to the status", () => {
    expect(errorMessageKey(fromStatus(400, { statusCode: 400, apiCode: "insufficient_funds", message: ["x"], error: "Bad Request" }))).toBe(
      "paymentErrors.code.insufficientFunds",
    );
    expect(errorMessageKey(fromStatus(401, { statusCode: 401, error: "Unauthorized" }))).toBe("paymentErrors.unauthorized");
    expect(errorMessageKey(fromStatus(403))).toBe("paymentErrors.forbidden");
    expect(errorMessageKey(fromStatus(404))).toBe("paymentErrors.notFound");
    expect(errorMessageKey(fromStatus(400, { statusCode: 400, apiCode: "toString", message: ["x"], error: "Bad Request" }))).toBe(
      "paymentErrors.invalidRequest",
    );
    expect(errorMessageKey(clientSide("timeout"))).toBe("paymentErrors.unavailable");
    expect(errorMessageKey(clientSide("not_configured"))).toBe("paymentErrors.keysMisconfigured");
  });

  it("lists every key it can return, each once", () => {
    expect(new Set(PAYMENT_ERROR_MESSAGE_KEYS).size).toBe(PAYMENT_ERROR_MESSAGE_KEYS.length);
    expect(PAYMENT_ERROR_MESSAGE_KEYS).toContain("paymentErrors.decline.unknown");
    expect(PAYMENT_ERROR_MESSAGE_KEYS).toContain("paymentErrors.code.invalidCardInfo");
  });
});
