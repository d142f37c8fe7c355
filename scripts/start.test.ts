import { describe, expect, it } from "vitest";
import { runScript } from "./lib/run-script";

// `npm start` must never serve production traffic with no secret or with a secret that ships in this repository.
const start = (env: Record<string, string>) => runScript("scripts/start.ts", [], { PATH: process.env.PATH, ...env });
const ownSecrets = { AUTH_SECRET: "p".repeat(44), DATABASE_URL: "postgres://127.0.0.1:1/none" };

describe("npm start", () => {
  it("refuses to start without AUTH_SECRET", async () => {
    const result = await start({ DATABASE_URL: ownSecrets.DATABASE_URL });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("AUTH_SECRET is not set");
  });

  it("refuses a development default secret", async () => {
    const result = await start({ ...ownSecrets, WEBHOOK_SECRET_TEST: "webhook_secret_test_dev" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("WEBHOOK_SECRET_TEST is a development default");
  });

  it("refuses a publishable key in place of a secret key", async () => {
    const result = await start({ ...ownSecrets, PAYMENT_SECRET_KEY_LIVE: "svc_live_publishable_key_abc" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PAYMENT_SECRET_KEY_LIVE: is a publishable key");
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or range", async () => {
    const result = await start({ ...ownSecrets, TRUSTED_PROXIES: "10.0.0.0/8, proxy.internal" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range');
  });
});
