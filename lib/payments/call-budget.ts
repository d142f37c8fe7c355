// A ceiling on Payment Service calls per second, shared by every client of the process (pages, searches, exports, the
// sync, refunds), so that a burst of bulk paging cannot use up the service's rate limit that refunds and page loads need.
//
// A token bucket refilled at `perSecond`, holding up to one second's worth. Three priorities:
//  - write (a refund, an onboarding link): never waits. It takes its token even from an empty bucket (the debt delays
//    later reads), because an operator's write must not queue behind anything, least of all an export.
//  - interactive (what a page or a search reads): takes a token when there is one; otherwise waits, ahead of bulk.
//  - bulk (paging through whole lists: exports, and the sync's passes, lib/sync/fetch.ts): waits behind every
//    interactive call, and only takes a token while the bucket keeps `reserve` tokens back. Exports and the sync can
//    still use the whole rate when nobody else calls, but a page that arrives in the middle of them finds tokens at
//    once instead of waiting in line. A sync pass in the app is paced by it (at the default 25 calls/s, at most 2,500 rows/s).
// Per process: with N app instances the service sees up to N × perSecond.

export type CallPriority = "write" | "interactive" | "bulk";

export type CallBudget = {
  /** Resolves when the call may go out. */
  take: (priority: CallPriority) => Promise<void>;
  readonly perSecond: number;
};

export type CallBudgetOptions = {
  perSecond: number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
};

export function createCallBudget({ perSecond, now = () => performance.now(), setTimer = setTimeout }: CallBudgetOptions): CallBudget {
  if (!(perSecond > 0)) throw new Error(`a call budget needs a positive rate, not ${perSecond}`);
  const capacity = Math.max(1, perSecond);
  const reserve = Math.floor(capacity / 2);
  let tokens = capacity;
  let refilledAt = now();
  let wakeAt: number | undefined;
  const waiting: Record<"interactive" | "bulk", (() => void)[]> = { interactive: [], bulk: [] };

  const refill = () => {
    const at = now();
    tokens = Math.min(capacity, tokens + ((at - refilledAt) * perSecond) / 1000);
    refilledAt = at;
  };
  // What the next waiter needs in the bucket before it may take a token.
  const needed = () => (waiting.interactive.length > 0 ? 1 : 1 + reserve);

  function serve() {
    refill();
    while (waiting.interactive.length > 0 && tokens >= 1) {
      tokens -= 1;
      waiting.interactive.shift()!();
    }
    while (waiting.interactive.length === 0 && waiting.bulk.length > 0 && tokens >= 1 + reserve) {
      tokens -= 1;
      waiting.bulk.shift()!();
    }
    if (waiting.interactive.length === 0 && waiting.bulk.length === 0) return;
    const wait = Math.max(1, Math.ceil(((needed() - tokens) * 1000) / perSecond));
    // A timer set for a bulk waiter may be later than an interactive one that just arrived needs: set an earlier one.
    const due = refilledAt + wait;
    if (wakeAt !== undefined && wakeAt <= due) return;
    wakeAt = due;
    setTimer(() => {
      if (wakeAt === due) wakeAt = undefined;
      serve();
    }, wait);
  }

  return {
    perSecond,
    take(priority) {
      refill();
      if (priority === "write") {
        tokens -= 1;
        return Promise.resolve();
      }
      const free = priority === "interactive" ? waiting.interactive.length === 0 && tokens >= 1 : waiting.interactive.length === 0 && waiting.bulk.length === 0 && tokens >= 1 + reserve;
      if (free) {
        tokens -= 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        waiting[priority].push(resolve);
        serve();
      });
    },
  };
}
