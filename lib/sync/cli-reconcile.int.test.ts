import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runReconciliation } from "@/db/queries/reconciliation";
import { getReconcileReadiness } from "@/db/queries/reconciliation-readiness";
import { matchesOf } from "@/lib/reconciliation/test-fixtures";
import { freshTestDatabase } from "@/scripts/test/database";
import { sandboxForTheseTests, syncCli } from "./test-support";

// `npm run sync` of the copies the rules read, with no worker anywhere: the pass that completes the last of them runs
// the rules' full pass itself (the worker would queue it), in the transaction that records the pass's end. Before, the
// command left the copy complete and no pass at all: Unmatched held every open transfer, candidates or not, until
// something else ran the rules.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

const cli = (args: string[]) => {
  const [command, argv, env] = syncCli(sandbox.current, test.url, args);
  return promisify(execFile)(command, argv, { env });
};

/** The rules' rows, comparable across passes (ids differ when a row is made again). */
const rows = async () =>
  (await matchesOf(test.db)).map(({ state, rule, pid, refs, score }) => ({ state, rule, pid, refs, score })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("npm run sync and the reconciliation rules", () => {
  it("the command that completes the copies the rules read leaves their full pass done, and says so", { timeout: 120_000 }, async () => {
    const first = await cli(["--mode", "test", "--resource", "transfers,payments"]);
    expect(first.stdout).not.toMatch(/reconciliation/);
    expect(await matchesOf(test.db)).toEqual([]);

    const last = await cli(["--mode", "test", "--resource", "customers"]);
    expect(last.stdout).toMatch(/test customers backfill: .* rows, .*; reconciliation, full pass: [\d,]+ suggestions, [\d,]+ linked by the service/);
    const after = await rows();
    expect(after.some((m) => m.state === "suggested")).toBe(true);
    expect(after.some((m) => m.rule === "linked_by_service")).toBe(true);
    expect(await getReconcileReadiness(test.db, "test")).toEqual({ incomplete: [], fullPassPending: false });
    // What a full pass over the same copy makes: nothing new.
    const again = await runReconciliation(test.db, "test");
    expect({ inserted: again.inserted, deleted: again.deleted, linked: again.linked }).toEqual({ inserted: 0, deleted: 0, linked: 0 });
    expect(await rows()).toEqual(after);
  });
});
