// A seeded PRNG: the same seed string gives the same data on every machine and every run, which Math.random cannot.
// sfc32 seeded by cyrb128 (both public domain): fast, 128-bit state, good enough statistics for demo data.

export type Weighted<T> = readonly (readonly [T, number])[];

const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 24;

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  return [h1 >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    // The first outputs of sfc32 still echo the seed hash; skip them.
    for (let i = 0; i < 15; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  weighted<T>(choices: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (last === undefined) throw new Error("weighted pick from an empty list");
    return last[0];
  }

  /**
   * `count` values dealt in proportion to their weights, in random order, every value at least once when count allows.
   * Exact shares rather than independent picks: a small live dataset still has its rare statuses, and volumes that
   * derive from the mix (renewals per subscription kind) stay within a few percent of their targets for any seed.
   */
  deal<T>(count: number, choices: Weighted<T>): T[] {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    const exact = choices.map(([, weight]) => (count * weight) / total);
    const counts = exact.map((share) => (count >= choices.length ? Math.max(1, Math.floor(share)) : Math.floor(share)));
    const byRemainder = exact.map((share, index) => [share - Math.floor(share), index] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    let assigned = counts.reduce((sum, value) => sum + value, 0);
    for (let k = 0; assigned < count; k++, assigned++) {
      const index = byRemainder[k % byRemainder.length]?.[1] ?? 0;
      counts[index] = (counts[index] ?? 0) + 1;
    }
    for (; assigned > count; assigned--) {
      const largest = counts.indexOf(Math.max(...counts));
      counts[largest] = (counts[largest] ?? 1) - 1;
    }
    const values = choices.flatMap(([value], index) => Array.from({ length: counts[index] ?? 0 }, () => value));
    return this.shuffle(values);
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }

  /** `count` numbers in [0, 1), one in each of `count` equal strata, in random order: an even spread with no clumps. */
  spread(count: number): number[] {
    return this.shuffle(Array.from({ length: count }, (_, index) => (index + this.next()) / count));
  }

  /** `length` decimal digits (leading zeros kept). */
  digits(length: number): string {
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = 48 + (this.uint32() % 10);
    return flat(codes);
  }

  /** `prefix_` + 24 lowercase alphanumerics; 36^24 values, so a collision within any dataset is not a concern. */
  id(prefix: string): string {
    const codes: number[] = [];
    for (let i = 0; i < prefix.length; i++) codes.push(prefix.charCodeAt(i));
    codes.push(95);
    for (let word = 0; word < ID_LENGTH / 6; word++) {
      // 36^6 < 2^32: one draw yields six characters, with a bias too small to matter for ids.
      let value = this.uint32();
      for (let i = 0; i < 6; i++) {
        codes.push(ID_ALPHABET.charCodeAt(value % 36));
        value = Math.floor(value / 36);
      }
    }
    return flat(codes);
  }
}

/**
 * One flat string from character codes. Appending a character at a time would leave a tree of V8 cons strings behind
 * every id (~800 bytes instead of ~48), which alone would take a scale-10 dataset past 300 MB.
 */
function flat(codes: number[]): string {
  return String.fromCharCode.apply(null, codes);
}

/** Picks indices in proportion to fixed weights in O(log n) (customers are chosen tens of thousands of times). */
export function createSampler(weights: readonly number[]): (rng: Rng) => number {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    cumulative[index] = total;
  });
  return (rng) => {
    if (total <= 0) return Math.floor(rng.next() * weights.length);
    const roll = rng.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) > roll) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}
