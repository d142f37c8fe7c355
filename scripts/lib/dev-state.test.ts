import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The module reads DEV_DATA_DIR when it is loaded: a scratch directory, never the checkout's .data.
const dir = mkdtempSync(path.join(os.tmpdir(), "dev-state-"));
let devState: typeof import("./dev-state");
beforeAll(async () => {
  vi.stubEnv("DEV_DATA_DIR", dir);
  devState = await import("./dev-state");
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const kept = "postgres://postgres:postgres@127.0.0.1:54320/backoffice";
const other = "postgres://root:hunter2@127.0.0.1:5432/dvt_other";

describe("npm run dev's state", () => {
  it("names a database by host, port and name, never its password", () => {
    expect(devState.databaseLabel(other)).toBe("127.0.0.1:5432/dvt_other");
    expect(devState.scriptDatabase({ DATABASE_URL: other })?.line).toBe("Database: 127.0.0.1:5432/dvt_other (DATABASE_URL)");
  });

  it("keeps the admin password of each database apart", () => {
    devState.keepAdminPassword(kept, "right-one");
    devState.keepAdminPassword(other, "other-one");
    const state = devState.readDevState();
    expect(devState.adminPasswordFor(state, kept)).toBe("right-one");
    expect(devState.adminPasswordFor(state, other)).toBe("other-one");
    expect(devState.adminPasswordFor(state, "postgres://x@127.0.0.1:5432/nowhere")).toBeUndefined();
  });

  it("changes only what it is asked to, re-reading what another process wrote", () => {
    const before = devState.readDevState()!;
    devState.updateDevState(() => ({ databaseUrl: kept }));
    expect(devState.readDevState()).toEqual({ ...before, databaseUrl: kept });
  });

  it("gives an older state's one password to its own database only", () => {
    writeFileSync(path.join(dir, "dev-state.json"), JSON.stringify({ authSecret: "s", adminPassword: "old", databaseUrl: kept }));
    const state = devState.readDevState();
    expect(devState.adminPasswordFor(state, kept)).toBe("old");
    expect(devState.adminPasswordFor(state, other)).toBeUndefined();
  });

  it("lets one dev server at a time take the checkout, and takes over a lock whose process is gone", () => {
    const first = devState.takeDevLock();
    expect("release" in first).toBe(true);
    if ("release" in first) first.release();
    writeFileSync(path.join(dir, "dev.lock"), "2147483646");
    const again = devState.takeDevLock();
    expect("release" in again).toBe(true);
    expect(readFileSync(path.join(dir, "dev.lock"), "utf8")).toBe(String(process.pid));
    if ("release" in again) again.release();
  });

  it("points a script beside dev at dev's database and sandbox, unless it has its own", () => {
    const state = { authSecret: "s", databaseUrl: kept, sandboxUrl: "http://127.0.0.1:3731" };
    expect(devState.besideDev({}, state)).toEqual({
      DATABASE_URL: kept,
      PAYMENT_API_URL: "http://127.0.0.1:3731",
      PAYMENT_SECRET_KEY_TEST: "svc_test_secret_key_sandbox_dev",
      PAYMENT_SECRET_KEY_LIVE: "svc_live_secret_key_sandbox_dev",
    });
    expect(devState.besideDev({ PAYMENT_API_URL: "https://payments.example.com" }, state)).toEqual({ DATABASE_URL: kept });
    expect(devState.besideDev({ DATABASE_URL: other }, state)).toEqual({});
    // A dev that used a real Payment Service (no sandbox): its database only.
    expect(devState.besideDev({}, { authSecret: "s", databaseUrl: kept })).toEqual({ DATABASE_URL: kept });
  });
});
