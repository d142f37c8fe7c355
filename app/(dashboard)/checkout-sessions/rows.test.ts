import { describe, expect, it } from "vitest";
import { metadataText, toCheckoutSessionRow } from "./rows";

describe("checkout session rows", () => {
  it("shows metadata as key: value at a glance, and nothing for none", () => {
    expect(metadataText({ pedido: "ORD-1", canal: "web" })).toBe("pedido: ORD-1 · canal: web");
    expect(metadataText({})).toBeNull();
    expect(metadataText(null)).toBeNull();
  });

  it("keeps the session's key for its link and says whether its lines add up", () => {
    const row = toCheckoutSessionRow({
      key: "aHR0cHM6Ly9wYXkuZXhhbXBsZS9jcw",
      url: "https://pay.example/cs",
      paymentStatus: "paid",
      currency: "CRC",
      amountTotal: 1_250_000,
      customerId: "cus_1",
      customerName: "Ana Mora",
      customerEmail: null,
      metadata: { pedido: "ORD-1" },
      createdAt: new Date("2026-11-21T16:00:00.000Z") as never,
      eventId: 1,
      receivedAt: new Date() as never,
      lineItemCount: 1,
      lineItemsTotal: 1_000_000,
      lineItemsAddUp: false,
    });
    expect(row).toMatchObject({ key: "aHR0cHM6Ly9wYXkuZXhhbXBsZS9jcw", status: "paid", amount: 1_250_000, addsUp: false, metadata: "pedido: ORD-1", createdAt: "2026-11-21T16:00:00.000Z" });
  });
});
