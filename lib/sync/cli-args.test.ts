import { describe, expect, it } from "vitest";
import { parseSyncArgs } from "./cli-args";

describe("npm run sync arguments", () => {
  it("defaults to every resource of every configured mode", () => {
    expect(parseSyncArgs([])).toEqual({ resources: ["payments", "transfers", "renewals", "subscriptions", "customers", "accounts"], full: false, refresh: false });
  });

  it("reads a mode, a list of resources and --full, in either spelling", () => {
    expect(parseSyncArgs(["--mode", "live", "--resource=payments,transfers", "--full"])).toEqual({ modes: ["live"], resources: ["payments", "transfers"], full: true, refresh: false });
  });

  it("refuses what it cannot read, saying what was wrong", () => {
    expect(parseSyncArgs(["--mode", "prod"])).toEqual({ error: "--mode must be test or live (got prod)" });
    expect(parseSyncArgs(["--resource", "payments,refunds"])).toEqual({ error: expect.stringContaining("(got refunds)") });
    expect(parseSyncArgs(["--everything"])).toEqual({ error: "unknown option --everything" });
    expect(parseSyncArgs(["--full", "--refresh"])).toEqual({ error: expect.stringContaining("choose one") });
  });

  it("answers --help and -h with the usage, whatever else is given", () => {
    expect(parseSyncArgs(["--help"])).toEqual({ help: true });
    expect(parseSyncArgs(["--mode", "test", "-h"])).toEqual({ help: true });
  });
});
