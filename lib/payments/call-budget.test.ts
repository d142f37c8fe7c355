import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCallBudget, type CallPriority } from "./call-budget";

// On a fake clock: when each call is let out, by priority.

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "performance"] }));
afterEach(() => vi.useRealTimers());

/** Asks for `count` calls of a priority and records the (fake) time each is let out. */
function ask(budget: ReturnType<typeof createCallBudget>, priority: CallPriority, count: number, out: number[]) {
  for (let i = 0; i < count; i++) void budget.take(priority).then(() => out.push(performance.now()));
}

describe("the Payment Service call budget", () => {
  it("lets a second's worth out at once, then holds everyone to the rate", async () => {
    const budget = createCallBudget({ perSecond: 20 });
    const out: number[] = [];
    ask(budget, "interactive", 100, out);
    await vi.advanceTimersByTimeAsync(0);
    expect(out).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(2000);
    // 20 at once, then 20 a second: 60 after two seconds, never more.
    expect(out).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(2000);
    expect(out).toHaveLength(100);
  });

  it("keeps half the bucket from bulk paging, so a page arriving amid eight exports goes out at once", async () => {
    const budget = createCallBudget({ perSecond: 20 });
    const bulk: number[] = [];
    ask(budget, "bulk", 1000, bulk);
    await vi.advanceTimersByTimeAsync(5000);
    // Bulk alone still gets the whole rate (after the first half-bucket): 10 + 20 × 5.
    expect(bulk.length).toBeGreaterThanOrEqual(105);
    expect(bulk.length).toBeLessThanOrEqual(111);

    const page: number[] = [];
    const asked = performance.now();
    ask(budget, "interactive", 5, page);
    await vi.advanceTimersByTimeAsync(0);
    expect(page).toEqual([asked, asked, asked, asked, asked]);
  });

  it("serves waiting interactive calls before waiting bulk ones", async () => {
    const budget = createCallBudget({ perSecond: 10 });
    const order: string[] = [];
    for (let i = 0; i < 10; i++) void budget.take("interactive");
    for (let i = 0; i < 5; i++) void budget.take("bulk").then(() => order.push("bulk"));
    for (let i = 0; i < 5; i++) void budget.take("interactive").then(() => order.push("interactive"));
    await vi.advanceTimersByTimeAsync(3000);
    expect(order.slice(0, 5)).toEqual(Array(5).fill("interactive"));
    expect(order).toHaveLength(10);
  });

  it("never makes a write wait, even with the bucket empty and calls queued", async () => {
    const budget = createCallBudget({ perSecond: 5 });
    ask(budget, "interactive", 50, []);
    ask(budget, "bulk", 50, []);
    const writes: number[] = [];
    const asked = performance.now();
    ask(budget, "write", 3, writes);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([asked, asked, asked]);
  });

  it("wakes an interactive call when it can go, not when the bulk call queued before it could", async () => {
    const budget = createCallBudget({ perSecond: 10 });
    const start = performance.now();
    for (let i = 0; i < 10; i++) void budget.take("interactive");
    // Bulk needs six tokens back (the reserve and its own): 600 ms. One interactive call needs one: 100 ms.
    void budget.take("bulk");
    await vi.advanceTimersByTimeAsync(10);
    const page: number[] = [];
    ask(budget, "interactive", 1, page);
    await vi.advanceTimersByTimeAsync(150);
    expect(page).toHaveLength(1);
    expect(page[0]! - start).toBeLessThanOrEqual(110);
  });
});
