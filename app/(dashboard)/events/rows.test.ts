import { describe, expect, it } from "vitest";
import { subjectLabel, toEventRow } from "./rows";

const listed = {
  id: 7,
  receivedAt: new Date("2026-11-21T15:00:05.000Z"),
  type: "payment-intent.succeeded",
  status: "processed" as const,
  error: null,
  subject: "pi_1",
  amount: "1500000",
  currency: "crc",
  duplicateCount: 2,
};

describe("toEventRow", () => {
  it("keeps what the console shows, with the time as ISO text and the currency as a code", () => {
    expect(toEventRow(listed)).toEqual({ ...listed, receivedAt: "2026-11-21T15:00:05.000Z", currency: "CRC" });
  });

  it("drops an amount that is not integer minor units of a currency code rather than failing the table", () => {
    for (const [amount, currency] of [["12.5", "USD"], ["1000", "colones"], ["1000", null], [null, "USD"]] as const) {
      expect(toEventRow({ ...listed, amount, currency }), `${amount} ${currency}`).toMatchObject({ amount: null, currency: null });
    }
  });
});

describe("subjectLabel", () => {
  it("names a checkout session by its cs_ id, not by the URL every session's starts with", () => {
    expect(subjectLabel("http://127.0.0.1:35791/checkout/cs_t73r23tz53vqub53p7ik10qz")).toBe("cs_t73r23tz53vqub53p7ik10qz");
    expect(subjectLabel("https://pay.example.com/checkout/cs_9/?x=1")).toBe("cs_9");
  });

  it("leaves ids and references as they are, and a URL without a path whole", () => {
    expect(subjectLabel("pi_1")).toBe("pi_1");
    expect(subjectLabel("12345678901234567890123456")).toBe("12345678901234567890123456");
    expect(subjectLabel("https://pay.example.com/")).toBe("https://pay.example.com/");
  });
});
