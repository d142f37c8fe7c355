import { describe, expect, it } from "vitest";
import { Rng, createSampler } from "./random";
import { addMonths, iso } from "./time";

describe("Rng", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const draws = (seed: string) => {
      const rng = new Rng(seed);
      return Array.from({ length: 100 }, () => rng.next());
    };
    expect(draws("x")).toEqual(draws("x"));
    expect(draws("x")).not.toEqual(draws("y"));
  });

  it("makes ids of a prefix and 24 lowercase alphanumerics", () => {
    const rng = new Rng("ids");
    const ids = Array.from({ length: 1000 }, () => rng.id("pi"));
    for (const id of ids) expect(id).toMatch(/^pi_[0-9a-z]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("deals exact shares, keeping every value even when its weight is tiny", () => {
    const dealt = new Rng("deal").deal(100, [["common", 97], ["rare", 0.5], ["rarer", 0.1]]);
    expect(dealt).toHaveLength(100);
    expect(dealt.filter((value) => value === "rare")).toHaveLength(1);
    expect(dealt.filter((value) => value === "rarer")).toHaveLength(1);
    expect(new Rng("deal").deal(2, [["a", 1], ["b", 1], ["c", 1]])).toHaveLength(2);
  });

  it("samples in proportion to the weights and never picks a zero weight", () => {
    const rng = new Rng("sampler");
    const sample = createSampler([0, 1, 3]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const index = sample(rng);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts[0]).toBe(0);
    expect((counts[2] ?? 0) / (counts[1] ?? 1)).toBeGreaterThan(2.5);
  });
});

describe("time", () => {
  it("formats like Date#toISOString", () => {
    const rng = new Rng("iso");
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(rng.next() * 4e12);
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it("adds calendar months, clamping to the end of shorter months", () => {
    expect(iso(addMonths(Date.parse("2026-01-31T10:00:00Z"), 1))).toBe("2026-02-28T10:00:00.000Z");
    expect(iso(addMonths(Date.parse("2024-03-31T10:00:00Z"), -1))).toBe("2024-02-29T10:00:00.000Z");
    expect(iso(addMonths(Date.parse("2025-11-15T00:00:00Z"), 12))).toBe("2026-11-15T00:00:00.000Z");
  });
});
