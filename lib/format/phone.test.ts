import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("groups a Costa Rican number with or without its country code, however it came", () => {
    expect(formatPhone("+50686376291")).toBe("+506 8637-6291");
    expect(formatPhone("+506 8637 6291")).toBe("+506 8637-6291");
    expect(formatPhone("89207064")).toBe("8920-7064");
    expect(formatPhone("8920-7064")).toBe("8920-7064");
    expect(formatPhone("00506 8637 6291")).toBe("+506 8637-6291");
  });

  it("leaves any other number as it came", () => {
    expect(formatPhone("+1 415 555 0100")).toBe("+1 415 555 0100");
    expect(formatPhone("2222-3333 ext. 12")).toBe("2222-3333 ext. 12");
    expect(formatPhone("+5068637629")).toBe("+5068637629");
  });
});
