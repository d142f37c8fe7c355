import { describe, expect, it } from "vitest";
import { confidenceOf, scoreOf, strongestFirst } from "./score";

describe("scoreOf and confidenceOf", () => {
  it("rates an order number in the description high even when the amount differs", () => {
    const score = scoreOf([{ code: "metadata_in_description", key: "orderId", value: "31738" }, { code: "amount_difference", difference: -100, currency: "CRC" }]);
    expect(confidenceOf(score)).toBe("high");
  });
  it("rates the same amount from the customer's phone medium, and with the name too high", () => {
    const phone = [{ code: "same_amount", amount: 1, currency: "CRC" }, { code: "sender_phone_is_customer", phone: "+50688123456" }] as const;
    expect(confidenceOf(scoreOf(phone))).toBe("medium");
    expect(confidenceOf(scoreOf([...phone, { code: "sender_name_is_customer", name: "ana" }]))).toBe("high");
  });
  it("rates the same amount with only a matching name low, and a split set below one transfer", () => {
    const nameOnly = scoreOf([{ code: "same_amount", amount: 1, currency: "CRC" }, { code: "sender_name_is_customer", name: "ana" }]);
    expect(confidenceOf(nameOnly)).toBe("low");
    const split = scoreOf([{ code: "same_amount", amount: 2, currency: "CRC" }, { code: "sender_phone_is_customer", phone: "x" }, { code: "split_transfers", count: 2, total: 2, currency: "CRC" }]);
    expect(split).toBeLessThan(70);
  });
  it("stays within 0–100", () => {
    expect(scoreOf([{ code: "intent_id_in_description", value: "pi_1" }, { code: "same_amount", amount: 1, currency: "CRC" }, { code: "sender_phone_is_customer", phone: "x" }])).toBe(100);
    expect(scoreOf([{ code: "amount_difference", difference: 5, currency: "CRC" }])).toBe(0);
  });
});

describe("strongestFirst", () => {
  it("puts the reasons that weigh most first, equal weights in the rules' order, and leaves the list as it was", () => {
    const reasons = [
      { code: "within_window", hours: 2 },
      { code: "sender_name_is_customer", name: "ana" },
      { code: "amount_difference", difference: -100, currency: "CRC" },
      { code: "same_amount", amount: 1, currency: "CRC" },
      { code: "several_candidates", count: 2 },
      { code: "sender_phone_is_customer", phone: "+50688123456" },
      { code: "metadata_in_description", key: "orderId", value: "31738" },
    ] as const;
    expect(strongestFirst(reasons).map((reason) => reason.code)).toEqual([
      "metadata_in_description",
      "same_amount",
      "sender_phone_is_customer",
      "sender_name_is_customer",
      "within_window",
      "several_candidates",
      "amount_difference",
    ]);
    expect(reasons[0].code).toBe("within_window");
  });
});
