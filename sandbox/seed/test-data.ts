// Shared by the seed's tests: one dataset per scale and test file, generated once.
import type { ModeData } from "@/sandbox/model";
import { generateSeed } from "./index";

export const NOW = new Date("2026-03-15T18:00:00.000Z");
export const SEED = "vitest";

const cache = new Map<number, { test: ModeData; live: ModeData }>();

export function seedAt(scale: number): { test: ModeData; live: ModeData } {
  let data = cache.get(scale);
  if (!data) {
    data = generateSeed({ seed: SEED, scale, now: NOW });
    cache.set(scale, data);
  }
  return data;
}

export const MODES = ["test", "live"] as const;

export function tally<T>(values: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** "+50688123456", "8812-3456" and "88123456" all become "+50688123456", as reconciliation must compare them. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `+506${digits.length === 11 && digits.startsWith("506") ? digits.slice(3) : digits}`;
}
