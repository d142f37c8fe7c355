import { describe, expect, it } from "vitest";
import { PaymentServiceError, parseErrorBody } from "./errors";

const timestamp = "2026-11-21T15:00:00.000Z";

describe("parseErrorBody", () => {
  it("reads a service error with card decline details, keeping declineMessage only in the body", () => {
    const body = {
      code: "cards.declined",
      path: "/v1/payment-intents/pi_01/confirm",
      type: "OnvoAPIError",
      message: "Your card was declined.",
      timestamp,
      statusCode: 402,
      details: { card: { reason: "issuer_declined", declineCode: "05", declineMessage: "Do not honor" } },
    };
    const parsed = parseErrorBody(402, body);
    expect(parsed.kind).toBe("service");
    expect(parsed.code).toBe("cards.declined");
    expect(parsed.messages).toEqual(["Your card was declined."]);
    expect(parsed.decline).toEqual({ reason: "issuer_declined", declineCode: "05" });
    expect(parsed.kind === "service" && parsed.body.details?.card?.declineMessage).toBe("Do not honor");
  });

  it("reads a service error without details (cards.invalid_card_info) and keeps extra fields", () => {
    const body = { code: "cards.invalid_card_info", path: "/v1/payment-methods", type: "OnvoAPIError", message: "Invalid card", timestamp, statusCode: 400, requestId: "r1" };
    const parsed = parseErrorBody(400, body);
    expect(parsed).toMatchObject({ kind: "service", status: 400, code: "cards.invalid_card_info", body: { requestId: "r1" } });
    expect(parsed.decline).toBeUndefined();
  });

  it("reads a processing error, taking apiCode as the code", () => {
    const body = { statusCode: 400, apiCode: "insufficient_funds", message: ["Insufficient funds"], error: "Bad Request" };
    expect(parseErrorBody(400, body)).toMatchObject({ kind: "processing", code: "insufficient_funds", messages: ["Insufficient funds"] });
  });

  it("reads a validation error with its list of messages", () => {
    const body = { statusCode: 400, message: ["address.country must be a valid ISO 3166-1 alpha-2 code", "email must be an email"], error: "Bad Request" };
    const parsed = parseErrorBody(400, body);
    expect(parsed.kind).toBe("validation");
    expect(parsed.messages).toHaveLength(2);
    expect(parsed.code).toBeUndefined();
  });

  it("reads not found, unauthorized and forbidden", () => {
    expect(parseErrorBody(404, { statusCode: 404, message: "Customer not found", error: "Not Found" })).toMatchObject({
      kind: "not_found",
      messages: ["Customer not found"],
    });
    expect(parseErrorBody(401, { statusCode: 401, error: "Unauthorized" })).toMatchObject({ kind: "unauthorized", messages: [] });
    expect(parseErrorBody(403, { statusCode: 403, message: "Invalid API key", error: "Forbidden" })).toMatchObject({
      kind: "forbidden",
      messages: ["Invalid API key"],
    });
  });

  it("reads the marketplace shapes on connected-account endpoints", () => {
    const validation = { statusCode: 400, message: ["businessName must be shorter than or equal to 50 characters"], error: "Bad Request" };
    expect(parseErrorBody(400, validation, "/v1/connected-accounts").kind).toBe("marketplace_validation");
    const marketplace = { statusCode: 404, type: "not_found", code: "connected_account.not_found", message: "Not found", path: "/v1/connected-accounts/ca_9", timestamp };
    expect(parseErrorBody(404, marketplace, "/v1/connected-accounts/ca_9")).toMatchObject({
      kind: "marketplace",
      code: "connected_account.not_found",
    });
    // The body's own path is enough when the caller does not pass one.
    expect(parseErrorBody(404, marketplace).kind).toBe("marketplace");
  });

  it("does not take a marketplace shape with extra fields, and reads a non-400 list of messages as marketplace validation", () => {
    const withExtra = { statusCode: 409, message: ["already exists"], error: "Conflict", hint: "x" };
    expect(parseErrorBody(409, withExtra, "/v1/connected-accounts").kind).toBe("unknown");
    expect(parseErrorBody(409, { statusCode: 409, message: ["already exists"], error: "Conflict" }).kind).toBe("marketplace_validation");
  });

  it("falls back to unknown for other bodies, keeping the HTTP status", () => {
    expect(parseErrorBody(502, "<html>Bad gateway</html>")).toEqual({ kind: "unknown", body: "<html>Bad gateway</html>", status: 502, messages: [] });
    expect(parseErrorBody(500, undefined).kind).toBe("unknown");
    // A decline reason added upstream is kept, not refused.
    const future = { code: "x", path: "/v1/x", type: "t", message: "m", timestamp, statusCode: 402, details: { card: { reason: "new_reason", declineCode: "z", declineMessage: "m" } } };
    expect(parseErrorBody(402, future).decline).toEqual({ reason: "new_reason", declineCode: "z" });
  });
});

describe("PaymentServiceError.fromResponse", () => {
  it("carries status, kind, code, messages and decline, and names the call in its message", () => {
    const parsed = parseErrorBody(400, { statusCode: 400, apiCode: "insufficient_funds", message: ["Insufficient funds"], error: "Bad Request" });
    const error = PaymentServiceError.fromResponse("POST", "/v1/refunds", parsed);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "PaymentServiceError", status: 400, kind: "processing", code: "insufficient_funds", messages: ["Insufficient funds"] });
    expect(error.message).toBe("Payment Service POST /v1/refunds answered 400 (processing) insufficient_funds: Insufficient funds");
  });
});
