import { describe, expect, it } from "vitest";
import { runReconciliation } from "@/db/queries/reconciliation";
import { runSync } from "@/lib/sync/run";
import { sandboxClient, sandboxForTheseTests } from "@/lib/sync/test-support";
import { freshTestDatabase } from "@/scripts/test/database";
import { matchesOf } from "./test-fixtures";

// The sandbox's SINPE scenarios over real HTTP, copied by the real sync (which carries no sender phone: the names and
// ids decide), then the rules: each scenario lands where the issue says.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

async function scenario(name: string): Promise<Record<string, string>> {
  const response = await fetch(`${sandbox.current.url}/_sandbox/scenarios/${name}?mode=test`, { method: "POST" });
  expect(response.status).toBe(201);
  return ((await response.json()) as { created: Record<string, string> }).created;
}

async function syncAndReconcile() {
  for (const resource of ["customers", "payments", "transfers"] as const) {
    const result = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource });
    expect(result.error).toBeUndefined();
  }
  await runReconciliation(test.db, "test");
  return matchesOf(test.db);
}

describe("the sandbox's SINPE scenarios through the sync and the rules", () => {
  it("linked → confirmed by rule 1; unlinked-matching → suggested with reasons; split → one set; stray → nothing", { timeout: 60_000 }, async () => {
    const linked = await scenario("sinpe-transfer-linked");
    const matching = await scenario("sinpe-transfer-unlinked-matching");
    const split = await scenario("sinpe-split-payment");
    const stray = await scenario("stray-transfer");
    const rows = await syncAndReconcile();
    const about = (ref: string) => rows.filter((m) => m.refs.includes(ref));

    expect(about(linked.SINPERefNumber!)).toMatchObject([{ state: "confirmed", rule: "linked_by_service", pid: linked.paymentIntentId }]);
    const suggestion = about(matching.SINPERefNumber!).find((m) => m.pid === matching.matchingPaymentIntentId);
    expect(suggestion).toMatchObject({ state: "suggested", rule: "amount_and_sender" });
    expect(suggestion!.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(["same_amount", "sender_name_is_customer", "within_window"]));
    const set = rows.find((m) => m.rule === "split_payment" && m.pid === split.paymentIntentId);
    expect(set).toMatchObject({ state: "suggested", refs: [split.firstSINPERefNumber, split.secondSINPERefNumber].sort() });
    expect(about(stray.SINPERefNumber!)).toEqual([]);
  });

  it("two open intents of the transfer's amount and sender: both suggested, with the same score, none preferred", { timeout: 60_000 }, async () => {
    const two = await scenario("sinpe-transfer-two-candidates");
    const rows = (await syncAndReconcile()).filter((m) => m.refs.includes(two.SINPERefNumber!));
    expect(rows.map((m) => m.pid).sort()).toEqual([two.firstPaymentIntentId, two.secondPaymentIntentId].sort());
    expect(new Set(rows.map((m) => m.state))).toEqual(new Set(["suggested"]));
    expect(rows[0]!.score).toBe(rows[1]!.score);
    for (const row of rows) expect(row.reasons).toContainEqual({ code: "several_candidates", count: 2 });
  });
});
