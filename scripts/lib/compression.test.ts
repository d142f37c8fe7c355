import { describe, expect, it } from "vitest";
import { parseEnv } from "../../lib/env-schema";
import { compressResponses } from "./compression.mjs";

describe("COMPRESS", () => {
  it("is on unless turned off, and a typo stops the server instead of silently choosing", () => {
    expect(compressResponses(undefined)).toBe(true);
    expect(compressResponses("")).toBe(true);
    expect(compressResponses("off")).toBe(false);
    expect(compressResponses(" FALSE ")).toBe(false);
    expect(() => compressResponses("nope")).toThrow(/COMPRESS must be on or off/);
    // The app's own check reads it the same way (next.config.mjs cannot import TypeScript).
    expect(parseEnv({ COMPRESS: "nope" }).success).toBe(false);
    expect(parseEnv({ COMPRESS: "false" }).data?.COMPRESS).toBe(false);
  });
});
