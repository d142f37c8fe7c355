import { describe, expect, it } from "vitest";
import { COALESCED_SCOPE_MAX, createScopeCoalescer, type ReconcileTransfersJobData } from "./jobs";

// The webhook receiver's reconcile jobs: deliveries that arrive while a send is on its way share the next job, so a
// burst makes a few sends, not one per delivery, and no key is lost or sent twice.

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("the webhook receiver's coalesced reconcile jobs", () => {
  it("sends a burst of 300 deliveries in a few jobs carrying every key once", async () => {
    const sent: ReconcileTransfersJobData[] = [];
    const queue = createScopeCoalescer(async (data) => {
      await tick();
      sent.push(data);
    });
    const sentWhenAnswered: boolean[] = [];
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const key = i % 3 === 0 ? `ref_${i}` : `pi_${i}`;
        // Each delivery's promise resolves once its own key has been sent.
        return queue("test", i % 3 === 0 ? { refs: [key], intentIds: [] } : { refs: [], intentIds: [key, key] }).then(() =>
          sentWhenAnswered.push(sent.some((job) => [...(job.refs ?? []), ...(job.intentIds ?? [])].includes(key))),
        );
      }),
    );
    expect(sentWhenAnswered).toEqual(Array(300).fill(true));
    // The first delivery's job leaves alone; the 299 that came while it was on its way share the next.
    expect(sent.length).toBeLessThanOrEqual(3);
    const refs = sent.flatMap((job) => job.refs ?? []);
    const intents = sent.flatMap((job) => job.intentIds ?? []);
    expect(refs).toHaveLength(100);
    expect(new Set(refs).size).toBe(100);
    expect(intents).toHaveLength(200);
    expect(new Set(intents).size).toBe(200);
  });

  it("keeps modes apart, splits a job at COALESCED_SCOPE_MAX keys, and goes on after a failed send", async () => {
    const sent: ReconcileTransfersJobData[] = [];
    const logged: string[] = [];
    let calls = 0;
    const queue = createScopeCoalescer(async (data) => {
      await tick();
      if (calls++ === 0) throw new Error("queue down");
      sent.push(data);
    }, (line) => logged.push(line));
    await queue("test", { refs: [], intentIds: ["pi_lost"] });
    expect(logged).toEqual([expect.stringContaining("reconciliation not queued for pi_lost: queue down")]);
    const many = Array.from({ length: COALESCED_SCOPE_MAX + 20 }, (_, i) => `pi_${i}`);
    await Promise.all([queue("test", { refs: [], intentIds: ["pi_first"] }), queue("live", { refs: ["ref_live"], intentIds: [] }), queue("test", { refs: [], intentIds: many })]);
    for (const job of sent) expect((job.refs ?? []).length + (job.intentIds ?? []).length).toBeLessThanOrEqual(COALESCED_SCOPE_MAX);
    expect(sent.filter((job) => job.mode === "live")).toEqual([{ mode: "live", refs: ["ref_live"], intentIds: [] }]);
    expect(new Set(sent.filter((job) => job.mode === "test").flatMap((job) => job.intentIds ?? []))).toEqual(new Set(["pi_first", ...many]));
  });
});
