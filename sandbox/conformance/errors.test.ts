import { describe, expect, it } from "vitest";
import { createOnboardingLink, getConnectedAccount } from "@/lib/payments/connected-accounts";
import { getCustomer } from "@/lib/payments/customers";
import { paths } from "@/lib/payments/paths";
import { createRefund } from "@/lib/payments/refunds";
import { connectedAccountCreatedSchema, refundSchema } from "@/lib/payments/schemas";
import { expectValidationError, failure, fieldsOf, refundableIntent } from "./helpers";
import { conformanceSuite } from "./target";

// The spec's "Errors" section: which shape comes back for which failure, down to the fields of the "no other fields"
// shapes, since that is the only thing telling a marketplace error from a service error.

const suite = conformanceSuite();

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe("errors", () => {
  it("answers an absent customer with 404 in the not-found shape", async () => {
    const error = await failure(getCustomer(suite.client, "cus_does_not_exist_0000"));
    expect(error).toMatchObject({ kind: "not_found", status: 404 });
    expect(error.body).toMatchObject({ statusCode: 404, message: expect.any(String), error: expect.any(String) });
  });

  it("answers failed input validation with 400 and one message per failed rule", async () => {
    // createRefund checks its input before sending; a body breaking two rules needs the raw transport.
    const error = await failure(suite.client.post(paths.refunds, refundSchema, { paymentIntentId: 42, amount: -5 }));
    expectValidationError(error);
    expect(error.messages.length).toBeGreaterThanOrEqual(2);
    expect(error.messages.some((m) => /paymentIntentId/.test(m))).toBe(true);
    expect(error.messages.some((m) => /amount/.test(m))).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["51 characters", "S".repeat(51)],
  ])("answers a %s businessName with exactly the marketplace validation shape", async (_label, businessName) => {
    const error = await failure(suite.client.post(paths.connectedAccounts, connectedAccountCreatedSchema, { businessName }));
    expect(error).toMatchObject({ kind: "marketplace_validation", status: 400 });
    expect(fieldsOf(error.body)).toEqual(["error", "message", "statusCode"]);
    expect(error.body).toMatchObject({ statusCode: 400, error: expect.any(String) });
    expect(error.messages.some((m) => /businessName/.test(m))).toBe(true);
  });

  it("answers an onboarding link for an unknown account with exactly the marketplace error shape", async () => {
    const error = await failure(createOnboardingLink(suite.client, "acct_does_not_exist_0000"));
    expect(error).toMatchObject({ kind: "marketplace", status: 404 });
    expect(fieldsOf(error.body)).toEqual(["code", "message", "path", "statusCode", "timestamp", "type"]);
    const body = error.body as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 404, code: expect.any(String), type: expect.any(String), message: expect.any(String) });
    expect(body.path).toBe(paths.onboardingLink("acct_does_not_exist_0000"));
    expect(body.timestamp).toMatch(ISO_TIME);
    expect(error.code).toBe(body.code);
  });

  it("answers an unknown connected account with the marketplace error shape too", async () => {
    const error = await failure(getConnectedAccount(suite.client, "acct_does_not_exist_0000"));
    expect(error).toMatchObject({ kind: "marketplace", status: 404 });
    expect(fieldsOf(error.body)).toEqual(["code", "message", "path", "statusCode", "timestamp", "type"]);
  });

  it("answers a refund above what remains of the intent with the service error shape", async () => {
    const intent = await refundableIntent(suite.target);
    const error = await failure(createRefund(suite.client, { paymentIntentId: intent.id, amount: intent.amount + 1 }));
    expect(error).toMatchObject({ kind: "service", status: 400 });
    const body = error.body as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 400, code: expect.any(String), type: expect.any(String), message: expect.any(String) });
    expect(body.path).toBe(paths.refunds);
    expect(body.timestamp).toMatch(ISO_TIME);
    // details is optional, and an object when present.
    if ("details" in body) expect(typeof body.details).toBe("object");
    expect(error.code).toBe(body.code);
  });
});
