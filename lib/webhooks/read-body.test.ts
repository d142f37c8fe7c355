import { describe, expect, it } from "vitest";
import { readBodyLimited } from "./read-body";

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

describe("readBodyLimited", () => {
  it("reads a body within the limit, declared or not", async () => {
    expect(await readBodyLimited(new Request("http://x", { method: "POST", body: "héllo" }), 10)).toBe("héllo");
    const streamed = new Request("http://x", { method: "POST", body: streamOf("ab", "cd"), duplex: "half" } as RequestInit);
    expect(await readBodyLimited(streamed, 10)).toBe("abcd");
  });

  it("refuses a declared length over the limit without reading, and an undeclared body once it passes the limit", async () => {
    const declared = new Request("http://x", { method: "POST", body: "x".repeat(11) });
    expect(await readBodyLimited(declared, 10)).toBeNull();
    const streamed = new Request("http://x", { method: "POST", body: streamOf("x".repeat(6), "x".repeat(6)), duplex: "half" } as RequestInit);
    expect(await readBodyLimited(streamed, 10)).toBeNull();
  });

  it("counts bytes, not characters", async () => {
    expect(await readBodyLimited(new Request("http://x", { method: "POST", body: "ñññññ" }), 9)).toBeNull();
  });
});
