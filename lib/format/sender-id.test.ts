import { describe, expect, it } from "vitest";
import { decodeSenderId } from "./sender-id";

// Every format the spec lists for a SINPE sender's id, with and without the dashes banks sometimes drop.

describe("decodeSenderId", () => {
  it.each([
    ["physical id", "01-0234-0567", "physical_id", "01-0234-0567"],
    ["physical id without dashes", "0902340567", "physical_id", "09-0234-0567"],
    ["DIMEX", "155812345678", "dimex", "155812345678"],
    ["legal entity (3-)", "3-101-123456", "legal_entity", "3-101-123456"],
    ["legal entity (2-)", "2-100-042005", "legal_entity", "2-100-042005"],
    ["legal entity without dashes", "3101123456", "legal_entity", "3-101-123456"],
    ["NITE", "4-000-123456", "nite", "4-000-123456"],
    ["NITE without dashes", "4000123456", "nite", "4-000-123456"],
    ["DIDI", "500000012345", "didi", "500000012345"],
    ["passport or other", "912345678901", "passport_other", "912345678901"],
    ["surrounding spaces", "  01-0234-0567 ", "physical_id", "01-0234-0567"],
  ])("decodes a %s", (_name, raw, kind, formatted) => {
    expect(decodeSenderId(raw)).toEqual({ kind, formatted });
  });

  it.each([
    ["empty", ""],
    ["null", null],
    ["too short for its first digit", "01-0234-056"],
    ["ten digits starting with 1 (a DIMEX has twelve)", "1234567890"],
    ["twelve digits starting with 0", "012345678901"],
    ["4- that is not 4-000-", "4-001-123456"],
    ["a first digit no format uses", "612345678901"],
    ["letters", "A1234567"],
    ["other punctuation", "01.0234.0567"],
  ])("calls %s unknown and keeps it as sent", (_name, raw) => {
    const decoded = decodeSenderId(raw);
    expect(decoded.kind).toBe("unknown");
    expect(decoded.formatted).toBe((raw ?? "").trim());
  });
});
