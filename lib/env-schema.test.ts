import { describe, expect, it } from "vitest";
import { parseEnv, productionProblems } from "./env-schema";

const messages = (source: Record<string, string>) => {
  const result = parseEnv(source);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("env schema", () => {
  it("has working defaults for a fresh machine", () => {
    const result = parseEnv({});
    expect(result.success && result.data).toMatchObject({
      PAYMENT_API_URL: "http://localhost:4010",
      DEFAULT_TIME_ZONE: "America/Costa_Rica",
      AUTH_TRUST_HOST: true,
    });
  });

  it("says what PAYMENT_API_URL was given when it is not a URL, with an example", () => {
    expect(messages({ PAYMENT_API_URL: "not-a-url" })).toEqual([
      'PAYMENT_API_URL: is not a URL (given: "not-a-url"); e.g. https://payments.example.com or http://localhost:4010',
    ]);
  });

  it("refuses a PORT that is not a port, with the server's own words", () => {
    expect(messages({ PORT: "3001" })).toEqual([]);
    expect(messages({ PORT: "abc" })).toEqual(['PORT: "abc" is not a port; give a whole number from 1 to 65535, e.g. 3001']);
    expect(messages({ PORT: "70000" })).toEqual(['PORT: "70000" is not a port; give a whole number from 1 to 65535, e.g. 3001']);
  });

  it("reads the ceiling on Payment Service calls per second: 25 by default, a whole number from 1 to 10000", () => {
    const ceiling = (value?: string) => {
      const result = parseEnv(value === undefined ? {} : { PAYMENT_API_MAX_CALLS_PER_SECOND: value });
      return result.success ? result.data.PAYMENT_API_MAX_CALLS_PER_SECOND : undefined;
    };
    expect([ceiling(), ceiling(""), ceiling("40")]).toEqual([25, 25, 40]);
    expect(messages({ PAYMENT_API_MAX_CALLS_PER_SECOND: "0" })).toEqual(["PAYMENT_API_MAX_CALLS_PER_SECOND: must be at least 1"]);
    expect(messages({ PAYMENT_API_MAX_CALLS_PER_SECOND: "2.5" })).toEqual(["PAYMENT_API_MAX_CALLS_PER_SECOND: must be a whole number of calls per second"]);
    expect(messages({ PAYMENT_API_MAX_CALLS_PER_SECOND: "fast" })).toEqual(["PAYMENT_API_MAX_CALLS_PER_SECOND: must be a number"]);
  });

  it("reads the first retry's backoff step: 250 ms by default, a whole number of milliseconds from 0 to 60000", () => {
    const step = (value?: string) => {
      const result = parseEnv(value === undefined ? {} : { PAYMENT_API_RETRY_DELAY_MS: value });
      return result.success ? result.data.PAYMENT_API_RETRY_DELAY_MS : undefined;
    };
    expect([step(), step(""), step("0"), step("10")]).toEqual([250, 250, 0, 10]);
    expect(messages({ PAYMENT_API_RETRY_DELAY_MS: "-1" })).toEqual(["PAYMENT_API_RETRY_DELAY_MS: must be at least 0"]);
    expect(messages({ PAYMENT_API_RETRY_DELAY_MS: "0.5" })).toEqual(["PAYMENT_API_RETRY_DELAY_MS: must be a whole number of milliseconds"]);
    expect(messages({ PAYMENT_API_RETRY_DELAY_MS: "soon" })).toEqual(["PAYMENT_API_RETRY_DELAY_MS: must be a number"]);
  });

  it("runs the sync worker unless it is switched off, and refuses a switch it cannot read", () => {
    expect(parseEnv({}).data).toMatchObject({ SYNC_WORKER: true, SYNC_INTERVAL_MINUTES: 5, SYNC_REFRESH_MINUTES: 15 });
    expect(parseEnv({ SYNC_WORKER: "off" }).data?.SYNC_WORKER).toBe(false);
    expect(parseEnv({ SYNC_WORKER: "false" }).data?.SYNC_WORKER).toBe(false);
    expect(messages({ SYNC_WORKER: "nope" })).toEqual(["SYNC_WORKER: must be on or off (true/false)"]);
    expect(messages({ SYNC_INTERVAL_MINUTES: "0" })).toEqual([expect.stringMatching(/^SYNC_INTERVAL_MINUTES: /)]);
  });

  it("treats empty values as unset", () => {
    const result = parseEnv({ DATABASE_URL: "", PAYMENT_SECRET_KEY_TEST: "" });
    expect(result.success && result.data.DATABASE_URL).toBeUndefined();
  });

  it("refuses a publishable key where a secret key belongs", () => {
    expect(messages({ PAYMENT_SECRET_KEY_TEST: "svc_test_publishable_key_abc" })).toEqual([
      expect.stringMatching(/^PAYMENT_SECRET_KEY_TEST: is a publishable key/),
    ]);
  });

  it("refuses a key whose mode disagrees with the slot it is in", () => {
    expect(messages({ PAYMENT_SECRET_KEY_TEST: "svc_live_secret_key_abc" })).toEqual([
      "PAYMENT_SECRET_KEY_TEST: is a live key but is configured for test mode",
    ]);
    expect(messages({ PAYMENT_SECRET_KEY_LIVE: "svc_test_secret_key_abc" })).toEqual([
      "PAYMENT_SECRET_KEY_LIVE: is a test key but is configured for live mode",
    ]);
  });

  it("accepts secret keys of the right mode", () => {
    expect(messages({ PAYMENT_SECRET_KEY_TEST: "svc_test_secret_key_abc", PAYMENT_SECRET_KEY_LIVE: "svc_live_secret_key_xyz" })).toEqual([]);
  });

  it("explains a bad time zone, database URL or short secret", () => {
    expect(messages({ DEFAULT_TIME_ZONE: "Costa Rica", DATABASE_URL: "mysql://x", AUTH_SECRET: "short" })).toHaveLength(3);
  });

  it("accepts TRUSTED_PROXIES as addresses and CIDR ranges, and names a bad entry", () => {
    expect(messages({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1, ::1" })).toEqual([]);
    expect(messages({ TRUSTED_PROXIES: "10.0.0.0/8, proxy.internal" })).toEqual([
      'TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range; list IP addresses or CIDR ranges, e.g. 10.0.0.0/8, 127.0.0.1',
    ]);
  });
});

describe("productionProblems", () => {
  const base = { AUTH_SECRET: "a".repeat(40), DATABASE_URL: "postgres://db/app", PAYMENT_API_URL: "https://api.payments.example" };

  it("passes a production configuration with its own secrets", () => {
    const env = parseEnv({ ...base, WEBHOOK_SECRET_TEST: "a-real-secret-of-some-length" });
    expect(env.success && productionProblems(env.data)).toEqual([]);
  });

  it("refuses a missing AUTH_SECRET and a missing database", () => {
    const env = parseEnv({});
    expect(env.success && productionProblems(env.data)).toEqual([
      "AUTH_SECRET is not set",
      "DATABASE_URL is not set",
      "PAYMENT_API_URL is not set (it would default to the development sandbox, http://localhost:4010); set the Payment Service's URL",
    ]);
  });

  it("refuses PAYMENT_API_URL unset (or empty), which points elsewhere at the local sandbox, and passes it set to that address on purpose", () => {
    const unset = { AUTH_SECRET: base.AUTH_SECRET, DATABASE_URL: base.DATABASE_URL };
    for (const source of [unset, { ...unset, PAYMENT_API_URL: "" }]) {
      const env = parseEnv(source);
      expect(env.success && env.data.PAYMENT_API_URL).toBe("http://localhost:4010");
      expect(env.success && productionProblems(env.data)).toEqual([
        "PAYMENT_API_URL is not set (it would default to the development sandbox, http://localhost:4010); set the Payment Service's URL",
      ]);
    }
    const chosen = parseEnv({ ...unset, PAYMENT_API_URL: "http://localhost:4010" });
    expect(chosen.success && productionProblems(chosen.data)).toEqual([]);
  });

  it("refuses every development default and this machine's generated dev secret", () => {
    const env = parseEnv({ ...base, WEBHOOK_SECRET_LIVE: "webhook_secret_live_dev", PAYMENT_SECRET_KEY_TEST: "svc_test_secret_key_sandbox_dev" });
    expect(env.success && productionProblems(env.data)).toEqual([
      "PAYMENT_SECRET_KEY_TEST is a development default; set a secret of your own",
      "WEBHOOK_SECRET_LIVE is a development default; set a secret of your own",
    ]);
    expect(env.success && productionProblems(env.data, [base.AUTH_SECRET])).toContain(
      "AUTH_SECRET is a development default; set a secret of your own",
    );
  });
});
