import { describe, expect, it } from "vitest";
import { subjectHref } from "./subject-href";

describe("subjectHref", () => {
  it("links the objects that have a detail page, transfers by their SINPE reference", () => {
    expect(subjectHref("payment_intent", "pi_1")).toBe("/payments/pi_1");
    expect(subjectHref("customer", "cus_1")).toBe("/customers/cus_1");
    expect(subjectHref("subscription", "sub_1")).toBe("/subscriptions/sub_1");
    expect(subjectHref("transfer", "2026112100000000000000042")).toBe("/transfers/2026112100000000000000042");
  });

  it("names a checkout session's page by its URL's key, never by the URL itself", () => {
    expect(subjectHref("checkout_session", "https://pay.example/c/1?x=../")).toBe("/checkout-sessions/aHR0cHM6Ly9wYXkuZXhhbXBsZS9jLzE_eD0uLi8");
  });

  it("leaves the others as text and keeps an odd id inside its path segment", () => {
    expect(subjectHref("renewal", "sub_1:2026-11")).toBeNull();
    expect(subjectHref("customer", "../settings?x")).toBe("/customers/..%2Fsettings%3Fx");
  });
});
