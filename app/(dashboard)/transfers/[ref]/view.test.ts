import { describe, expect, it } from "vitest";
import type { LocalTransfer } from "@/db/queries/mobile-transfers";
import { mobileTransferSchema } from "@/lib/payments/schemas";
import { toTransferView } from "./view";

const api = mobileTransferSchema.parse({
  id: "mt_01",
  mode: "test",
  amount: 1_500_000,
  currency: "CRC",
  status: "received",
  description: "Pago pedido 42",
  SINPERefNumber: "2026112115150001234567890",
  originId: "0109870654",
  originName: "Ana Mora Vargas",
  originPhone: "8888-7777",
  destinationPhone: "+50670001234",
  authorizationDate: "2026-11-21T15:14:58.000Z",
  createdAt: "2026-11-21T15:15:03.000Z",
  paymentIntentId: "pi_01",
});

const local: LocalTransfer = {
  sinpeRefNumber: "2026112115150001234567890",
  amount: 1_500_000,
  currency: "CRC",
  originId: "01-0987-0654",
  originName: "Ana Mora Vargas",
  originPhone: "8888-1111",
  description: "Pago pedido 42",
  authorizationDate: new Date("2026-11-21T15:14:58.000Z"),
  paymentIntentId: null,
  source: "webhook",
  eventId: 7,
  receivedAt: new Date("2026-11-21T15:15:04.000Z"),
};

describe("toTransferView", () => {
  it("shows the API's record with the sender id decoded and the phone the webhook brought", () => {
    expect(toTransferView(api, local)).toMatchObject({
      id: "mt_01",
      fromService: true,
      status: "received",
      sender: { name: "Ana Mora Vargas", id: { kind: "physical_id", formatted: "01-0987-0654" }, phone: "8888-1111" },
      paymentIntentId: "pi_01",
      receivedAt: "2026-11-21T15:15:03.000Z",
    });
  });

  it("falls back to the phone on the service's record when no webhook came", () => {
    expect(toTransferView(api, null)?.sender.phone).toBe("8888-7777");
    expect(toTransferView({ ...api, originPhone: undefined }, null)?.sender.phone).toBeNull();
  });

  it("shows a link made here while the service has none", () => {
    expect(toTransferView({ ...api, paymentIntentId: null }, { ...local, paymentIntentId: "pi_here" })?.paymentIntentId).toBe("pi_here");
  });

  it("shows what arrived by webhook when the API does not return the transfer, and nothing when neither has it", () => {
    expect(toTransferView(null, local)).toMatchObject({ id: null, fromService: false, status: null, amount: 1_500_000, authorizedAt: "2026-11-21T15:14:58.000Z", sender: { id: { kind: "physical_id" } } });
    expect(toTransferView(null, null)).toBeNull();
  });
});
