import { describe, expect, it } from "vitest";
import type { MobileTransfer } from "@/lib/payments/schemas";
import { mobileTransfer } from "@/lib/payments/test-utils/fixtures";
import { toTransferRow } from "./rows";

const transfer = (fields: Partial<MobileTransfer>) => ({ ...mobileTransfer, ...fields }) as MobileTransfer;

describe("toTransferRow", () => {
  it("keeps the reference, the sender with the kind of id, and no link when there is none", () => {
    expect(toTransferRow(transfer({ currency: "crc" }))).toEqual({
      id: "mt_01",
      reference: "2026112115150001234567890",
      createdAt: "2026-11-21T15:15:02.000Z",
      amount: 1500000,
      currency: "CRC",
      status: "received",
      senderName: "Luis Solís Rojas",
      senderId: { kind: "physical_id", formatted: "01-2345-6789" },
      paymentIntentId: null,
    });
  });

  it("carries the linked intent, and an id in no known format as sent", () => {
    expect(toTransferRow(transfer({ paymentIntentId: "pi_07", originId: "AB123" }))).toMatchObject({
      paymentIntentId: "pi_07",
      senderId: { kind: "unknown", formatted: "AB123" },
    });
  });
});
