import { describe, expect, it } from "vitest";
import { descriptionTokens, normalizeName, normalizePhone, normalizeSenderId, referenceValue } from "./normalize";

describe("normalizePhone", () => {
  it("writes every form of a Costa Rican number as +506 and eight digits", () => {
    for (const raw of ["8812-3456", "88123456", "+506 8812 3456", "506-8812-3456", "0050688123456", "(506) 8812 3456"]) {
      expect(normalizePhone(raw), raw).toBe("+50688123456");
    }
  });
  it("keeps another country's code, and gives null for no digits", () => {
    expect(normalizePhone("+1 (555) 123-4567")).toBe("+15551234567");
    expect(normalizePhone("")).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });
});

describe("normalizeSenderId", () => {
  it("lays out each of the spec's formats, however the dashes were typed", () => {
    expect(normalizeSenderId("0112345678")).toBe("01-1234-5678");
    expect(normalizeSenderId("3101123456")).toBe("3-101-123456");
    expect(normalizeSenderId("4 000 123456")).toBe("4-000-123456");
    expect(normalizeSenderId("112345678901")).toBe("112345678901");
  });
  it("gives null for what is none of them", () => {
    expect(normalizeSenderId("1-1234-5678")).toBeNull();
    expect(normalizeSenderId("A1234567")).toBeNull();
  });
});

describe("normalizeName", () => {
  it("drops accents, case and punctuation, keeping one space between words", () => {
    expect(normalizeName("José  PÉREZ-Mora")).toBe("jose perez mora");
    expect(normalizeName("ÑANDÚ")).toBe("nandu");
    expect(normalizeName("  ")).toBeNull();
  });
});

describe("descriptionTokens and referenceValue", () => {
  it("finds an order number and an intent id in free text, whole and split at dashes", () => {
    expect(descriptionTokens("Pago pedido #31738, ORD-55123 pi_abc123").sort()).toEqual(["31738", "55123", "ord-55123", "pago", "pedido", "pi_abc123"]);
  });
  it("takes as references only one-word values with a digit", () => {
    expect(referenceValue("ORD-31738")).toBe("ord-31738");
    expect(referenceValue("web")).toBeNull();
    expect(referenceValue("San José 12")).toBeNull();
    expect(referenceValue("123")).toBeNull();
  });
});
