import { describe, expect, it } from "vitest";
import type { Renewal } from "@/lib/payments/schemas";
import { toRenewalRow } from "./rows";

const renewal: Renewal = {
  id: "in_01",
  status: "open",
  currency: "usd",
  total: 7500,
  periodStart: "2026-11-01T12:00:00.000Z",
  periodEnd: "2026-12-01T12:00:00.000Z",
  subscriptionId: "sub_01",
  attemptCount: 2,
  nextPaymentAttempt: "2026-11-23T12:00:00.000Z",
  createdAt: "2026-11-01T12:00:00.000Z",
};

describe("toRenewalRow", () => {
  it("keeps the period, status, total, attempts and the subscription it belongs to", () => {
    expect(toRenewalRow(renewal)).toEqual({
      id: "in_01",
      periodStart: "2026-11-01T12:00:00.000Z",
      periodEnd: "2026-12-01T12:00:00.000Z",
      status: "open",
      total: 7500,
      currency: "USD",
      attempts: 2,
      nextAttemptAt: "2026-11-23T12:00:00.000Z",
      subscriptionId: "sub_01",
    });
  });

  it("counts no attempts and no next one before the first charge", () => {
    expect(toRenewalRow({ ...renewal, attemptCount: null, nextPaymentAttempt: undefined })).toMatchObject({ attempts: 0, nextAttemptAt: null });
  });
});
