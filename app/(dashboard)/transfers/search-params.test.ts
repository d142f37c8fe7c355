import { describe, expect, it } from "vitest";
import { isSinpeReference, loadTransfersSearchParams } from "./search-params";

describe("Transfers search params", () => {
  it("reads a shared link's filters, keeping a reference of the wrong length so the page can explain it", () => {
    expect(loadTransfersSearchParams("?status=received&reference=%20123%20&senderId=01-2345-6789&endingBefore=mt_3")).toEqual({
      limit: 25,
      startingAfter: null,
      endingBefore: "mt_3",
      from: null,
      to: null,
      status: "received",
      reference: "123",
      senderId: "01-2345-6789",
    });
  });

  it("accepts only 25-character references", () => {
    expect(isSinpeReference("2026112115150001234567890")).toBe(true);
    expect(isSinpeReference("202611211515000123456789")).toBe(false);
    expect(isSinpeReference("20261121151500012345678901")).toBe(false);
  });
});
