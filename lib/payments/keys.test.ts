import { describe, expect, it } from "vitest";
import { isSecretKey, modeOfKey } from "./keys";

describe("keys", () => {
  it("reads the mode from the prefix", () => {
    expect(modeOfKey("svc_test_secret_key_abc")).toBe("test");
    expect(modeOfKey("svc_live_publishable_key_abc")).toBe("live");
    expect(modeOfKey("sk_live_abc")).toBeNull();
  });

  it("tells secret keys from publishable ones", () => {
    expect(isSecretKey("svc_live_secret_key_abc")).toBe(true);
    expect(isSecretKey("svc_live_publishable_key_abc")).toBe(false);
    expect(isSecretKey("svc_test_secret_key_")).toBe(false);
  });
});
