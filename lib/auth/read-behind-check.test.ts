import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readBehindCheck } from "./read-behind-check";

// A promise the test resolves or rejects by hand, to hold the check open while the read runs.
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("readBehindCheck", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", onUnhandled);
  });
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
  });

  it("starts the read while the check is still pending, and gives both once the check passes", async () => {
    const check = deferred<string>();
    let readStarted = false;
    const result = readBehindCheck(
      () => check.promise,
      async () => {
        readStarted = true;
        return [1, 2, 3];
      },
    );
    await tick();
    expect(readStarted).toBe(true);
    check.resolve("operator");
    await expect(result).resolves.toEqual(["operator", [1, 2, 3]]);
  });

  it("throws the check's refusal and drops what the read found", async () => {
    const refusal = new Error("NEXT_HTTP_ERROR_FALLBACK;401");
    await expect(readBehindCheck(() => Promise.reject(refusal), async () => "secret rows")).rejects.toBe(refusal);
  });

  it("throws the read's failure when the check passes", async () => {
    const failure = new Error("service unavailable");
    await expect(readBehindCheck(async () => "operator", () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it("turns a read that throws at once into a rejection", async () => {
    const failure = new Error("no key for this mode");
    const read = (): Promise<never> => {
      throw failure;
    };
    await expect(readBehindCheck(async () => "operator", read)).rejects.toBe(failure);
  });

  it("reports nothing unhandled when the caller never awaits it after a refusal, even if the read fails too", async () => {
    readBehindCheck(
      () => Promise.reject(new Error("refused")),
      () => Promise.reject(new Error("read failed")),
    );
    await tick();
    await tick();
    expect(unhandled).toEqual([]);
  });
});
