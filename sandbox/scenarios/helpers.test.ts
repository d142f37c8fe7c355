import { describe, expect, it } from "vitest";
import { sinpeReference } from "./helpers";

// A scenario's SINPE reference starts with the transfer's authorization date in Costa Rica, as the seed's do: the
// close by day (in the operator's zone) and the reference then name the same day.

describe("a scenario transfer's SINPE reference", () => {
  it.each([
    ["2026-12-01T03:00:00.000Z", "20261130"], // 21:00 on 30 November there
    ["2026-12-01T06:00:00.000Z", "20261201"], // its midnight
    ["2027-01-01T05:59:00.000Z", "20261231"], // 23:59 on New Year's Eve
  ])("authorized at %s starts with %s", (at, day) => {
    const reference = sinpeReference(new Date(at));
    expect(reference).toMatch(/^\d{25}$/);
    expect(reference.slice(0, 8)).toBe(day);
  });
});
