import { describe, expect, it } from "vitest";
import { classifyQuery, ID_KINDS, QUERY_LIMITS } from "./classify";
import { phoneKey } from "./phone";

// What the search makes of what an operator types: each kind decides which lookups run and what the page says.

describe("classifyQuery", () => {
  it("takes 25 characters as a SINPE reference, trimmed", () => {
    expect(classifyQuery("  2026110112000012345678901 ")).toEqual({
      kind: "reference",
      text: "2026110112000012345678901",
      reference: "2026110112000012345678901",
      id: null,
    });
  });

  it("also looks up a 25-character reference with letters as an unprefixed id of every kind", () => {
    const query = classifyQuery("cl40muorw00493ndp0eb4x3ag");
    expect(query).toMatchObject({ kind: "reference", reference: "cl40muorw00493ndp0eb4x3ag" });
    expect(query.kind === "reference" && query.id).toEqual({ id: "cl40muorw00493ndp0eb4x3ag", first: [...ID_KINDS], then: [] });
  });

  it("says a number of 24 or 26 digits has the wrong length for a reference, instead of looking it up", () => {
    expect(classifyQuery("202611011200001234567890")).toMatchObject({ kind: "invalid", reason: "reference_length" });
    expect(classifyQuery("20261101120000123456789012")).toMatchObject({ kind: "invalid", reason: "reference_length" });
    expect(classifyQuery("2026110112000 12345678901")).toMatchObject({ kind: "invalid", reason: "reference_length" });
  });

  it("lowercases an e-mail and refuses one that is not an address", () => {
    expect(classifyQuery(" Ana.Mora@Gmail.com ")).toEqual({ kind: "email", text: "Ana.Mora@Gmail.com", email: "ana.mora@gmail.com" });
    expect(classifyQuery("ana@")).toMatchObject({ kind: "invalid", reason: "bad_email" });
    expect(classifyQuery("ana mora@gmail.com")).toMatchObject({ kind: "invalid", reason: "bad_email" });
    expect(classifyQuery("ana@gmail")).toMatchObject({ kind: "invalid", reason: "bad_email" });
  });

  it.each([
    ["88123456", "88123456"],
    ["8812-3456", "88123456"],
    ["8812 3456", "88123456"],
    ["+506 8812-3456", "88123456"],
    ["+50688123456", "88123456"],
    ["506 8812 3456", "88123456"],
    ["(506) 2222-3333", "22223333"],
    ["00506 8812 3456", "88123456"],
    ["+1 (415) 555-0100", "14155550100"],
    ["+52 55 1234 5678", "525512345678"],
    ["0044 20 7946 0958", "442079460958"],
  ])("takes %s as a phone with key %s", (typed, key) => {
    expect(classifyQuery(typed)).toEqual({ kind: "phone", text: typed, phoneKey: key });
  });

  it("does not take a cédula, a DIMEX or a short number for a phone", () => {
    expect(classifyQuery("01-2345-6789")).toMatchObject({ kind: "invalid", reason: "not_a_phone" });
    expect(classifyQuery("155812345678")).toMatchObject({ kind: "invalid", reason: "not_a_phone" });
    expect(classifyQuery("18123456")).toMatchObject({ kind: "invalid", reason: "not_a_phone" });
    expect(classifyQuery("+506 881")).toMatchObject({ kind: "invalid", reason: "not_a_phone" });
  });

  it("looks up a prefixed id as its kind first, then as the others", () => {
    const plan = (text: string) => {
      const query = classifyQuery(text);
      return query.kind === "id" ? query.id : null;
    };
    expect(plan("pi_0a1b2c3d4e5f6g7h8i9j0k1l")).toEqual({
      id: "pi_0a1b2c3d4e5f6g7h8i9j0k1l",
      first: ["payment_intent"],
      then: ["customer", "subscription", "renewal", "connected_account"],
    });
    expect(plan("cus_x1")?.first).toEqual(["customer"]);
    expect(plan("sub_x1")?.first).toEqual(["subscription"]);
    expect(plan("inv_x1")?.first).toEqual(["renewal"]);
    expect(plan("in_x1")?.first).toEqual(["renewal"]);
    expect(plan("acct_x1")?.first).toEqual(["connected_account"]);
    // A prefixed id of 25 characters is an id, not a reference.
    expect(classifyQuery("cus_0123456789abcdefghijk").kind).toBe("id");
  });

  it("looks up an unprefixed id as every kind at once, keeping its case", () => {
    expect(classifyQuery("9f8E7d6C5b")).toEqual({ kind: "id", text: "9f8E7d6C5b", id: { id: "9f8E7d6C5b", first: [...ID_KINDS], then: [] } });
  });

  it("refuses empty, too short, too long and free text", () => {
    expect(classifyQuery("   ")).toMatchObject({ kind: "invalid", reason: "empty" });
    expect(classifyQuery("pi")).toMatchObject({ kind: "invalid", reason: "too_short" });
    expect(classifyQuery(`${"a".repeat(QUERY_LIMITS.max)}@x.cr`)).toMatchObject({ kind: "invalid", reason: "too_long" });
    expect(classifyQuery("calle 5 #3")).toMatchObject({ kind: "invalid", reason: "unsupported" });
    expect(classifyQuery("María 2")).toMatchObject({ kind: "invalid", reason: "unsupported" });
    expect(classifyQuery("pi_1; drop table")).toMatchObject({ kind: "invalid", reason: "unsupported" });
    expect(classifyQuery("../../v1/customers")).toMatchObject({ kind: "invalid", reason: "unsupported" });
  });

  it("takes letters and spaces as a customer's name: its words without accents or case, each once", () => {
    expect(classifyQuery("  María José  RODRÍGUEZ ")).toEqual({ kind: "name", text: "María José  RODRÍGUEZ", words: ["maria", "jose", "rodriguez"], id: null });
    expect(classifyQuery("Zúñiga-Céspedes, O'Neil")).toMatchObject({ kind: "invalid", reason: "unsupported" });
    expect(classifyQuery("Zúñiga-Céspedes O'Neil")).toMatchObject({ kind: "name", words: ["zuniga", "cespedes", "o", "neil"] });
    expect(classifyQuery("mora mora")).toMatchObject({ kind: "name", words: ["mora"] });
    // One plain word could also be an id without prefix: both are looked up.
    expect(classifyQuery("rodriguez")).toEqual({ kind: "name", text: "rodriguez", words: ["rodriguez"], id: { id: "rodriguez", first: [...ID_KINDS], then: [] } });
    // Letters with a digit are an id; a prefix still says id.
    expect(classifyQuery("cus_mora").kind).toBe("id");
    expect(classifyQuery("mora2")).toMatchObject({ kind: "id" });
  });

  it("refuses text holding a control character, which PostgreSQL would refuse (a NUL) rather than search", () => {
    expect(classifyQuery(`${"1".repeat(24)}\u0000`)).toMatchObject({ kind: "invalid", reason: "unsupported" });
    expect(classifyQuery("ana\u0000@example.com")).toMatchObject({ kind: "invalid", reason: "unsupported" });
    expect(classifyQuery("pi_1\u0007")).toMatchObject({ kind: "invalid", reason: "unsupported" });
  });
});

describe("phoneKey", () => {
  it("makes stored and typed forms of one number equal, and keeps other countries apart", () => {
    expect(phoneKey("+50688887777")).toBe(phoneKey("8888-7777"));
    expect(phoneKey("+1 506 888 7777")).toBe("15068887777");
    expect(phoneKey(null)).toBe("");
  });
});
