// An ordered set of records with O(1) lookup by id. Kept oldest-first so that new records append without moving
// anything; lists read it backwards, because the service's lists are newest first.

export type Record_ = { id: string; createdAt: string };

export type CreatedAtRange = { gt?: string; gte?: string; lt?: string; lte?: string };

export type ListQuery<T> = {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  createdAt?: CreatedAtRange;
  where?: (record: T) => boolean;
  /** Names the filter (e.g. "status=succeeded"), so its total is counted once per change of the collection. */
  whereKey?: string;
};

export type ListResult<T> = {
  data: T[];
  total: number;
  /** More matching records follow (older than) the last one returned. */
  hasMoreAfter: boolean;
  /** More matching records precede (newer than) the first one returned. */
  hasMoreBefore: boolean;
};

export class UnknownCursorError extends Error {}

export class Collection<T extends Record_> {
  private readonly items: T[];
  private readonly positions = new Map<string, number>();
  // Counting a filter's matches is the one whole-collection scan a list needs; paging through one filter repeats it.
  private readonly totals = new Map<string, { version: number; total: number }>();
  private version = 0;

  constructor(items: T[] = []) {
    this.items = [...items].sort(compare);
    this.items.forEach((item, index) => this.positions.set(item.id, index));
  }

  get size(): number {
    return this.items.length;
  }

  get(id: string): T | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.items[position];
  }

  all(): readonly T[] {
    return this.items;
  }

  /** Inserts or replaces by id. A replacement keeps its place; createdAt never changes after creation. */
  upsert(record: T): T {
    this.version++;
    const position = this.positions.get(record.id);
    if (position !== undefined) {
      this.items[position] = record;
      return record;
    }
    const last = this.items.at(-1);
    if (!last || compare(last, record) <= 0) {
      this.positions.set(record.id, this.items.length);
      this.items.push(record);
      return record;
    }
    // Rare (a record dated in the past): insert in order and renumber what moved.
    const at = this.lowerBound((item) => compare(item, record) < 0);
    this.items.splice(at, 0, record);
    for (let i = at; i < this.items.length; i++) this.positions.set(this.items[i]!.id, i);
    return record;
  }

  /** Newest first, one page, with the cursor rules of the spec: the cursor is the id of an edge record. */
  list(query: ListQuery<T>): ListResult<T> {
    const [lo, hi] = this.range(query.createdAt);
    const matches = (index: number) => !query.where || query.where(this.items[index]!);

    // Walk in display order (descending index) from the cursor, collecting up to `limit` matches.
    let start = hi - 1;
    if (query.startingAfter !== undefined) start = this.positionOf(query.startingAfter) - 1;
    const data: T[] = [];
    let hasMoreAfter = false;
    let hasMoreBefore = false;

    if (query.endingBefore !== undefined) {
      // Backwards: the `limit` matches just newer than the cursor, still shown newest first.
      const from = this.positionOf(query.endingBefore) + 1;
      const newer: T[] = [];
      for (let i = Math.max(from, lo); i < hi; i++) {
        if (!matches(i)) continue;
        if (newer.length === query.limit) {
          hasMoreBefore = true;
          break;
        }
        newer.push(this.items[i]!);
      }
      data.push(...newer.reverse());
      hasMoreAfter = this.anyMatch(Math.min(from - 1, hi - 1), lo, matches);
    } else {
      let i = Math.min(start, hi - 1);
      for (; i >= lo; i--) {
        if (!matches(i)) continue;
        if (data.length === query.limit) {
          hasMoreAfter = true;
          break;
        }
        data.push(this.items[i]!);
      }
      hasMoreBefore = query.startingAfter !== undefined && this.anyMatchUp(start + 1, hi, matches);
    }

    return { data, total: this.total(query, lo, hi, matches), hasMoreAfter, hasMoreBefore };
  }

  private positionOf(id: string): number {
    const position = this.positions.get(id);
    if (position === undefined) throw new UnknownCursorError(id);
    return position;
  }

  private anyMatch(from: number, lo: number, matches: (i: number) => boolean): boolean {
    for (let i = from; i >= lo; i--) if (matches(i)) return true;
    return false;
  }

  private anyMatchUp(from: number, hi: number, matches: (i: number) => boolean): boolean {
    for (let i = Math.max(from, 0); i < hi; i++) if (matches(i)) return true;
    return false;
  }

  private total(query: ListQuery<T>, lo: number, hi: number, matches: (i: number) => boolean): number {
    if (!query.where) return hi - lo;
    if (query.whereKey === undefined) return this.count(lo, hi, matches);
    const key = `${query.whereKey}|${lo}|${hi}`;
    const cached = this.totals.get(key);
    if (cached?.version === this.version) return cached.total;
    const total = this.count(lo, hi, matches);
    if (this.totals.size > 1_000) this.totals.clear();
    this.totals.set(key, { version: this.version, total });
    return total;
  }

  private count(lo: number, hi: number, matches: (i: number) => boolean): number {
    let n = 0;
    for (let i = lo; i < hi; i++) if (matches(i)) n++;
    return n;
  }

  /** [lo, hi) of the records inside the createdAt bounds (ISO strings in UTC compare as times). */
  private range(bounds: CreatedAtRange | undefined): [number, number] {
    if (!bounds) return [0, this.items.length];
    let lo = 0;
    let hi = this.items.length;
    if (bounds.gte !== undefined) lo = Math.max(lo, this.lowerBound((r) => r.createdAt < bounds.gte!));
    if (bounds.gt !== undefined) lo = Math.max(lo, this.lowerBound((r) => r.createdAt <= bounds.gt!));
    if (bounds.lte !== undefined) hi = Math.min(hi, this.lowerBound((r) => r.createdAt <= bounds.lte!));
    if (bounds.lt !== undefined) hi = Math.min(hi, this.lowerBound((r) => r.createdAt < bounds.lt!));
    return [lo, Math.max(lo, hi)];
  }

  /** First index for which `before` is false (the items are ordered so that `before` holds for a prefix). */
  private lowerBound(before: (record: T) => boolean): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.items[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function compare(a: Record_, b: Record_): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
