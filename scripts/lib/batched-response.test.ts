import { createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BatchedResponse } from "./batched-response.mjs";

// The socket writes a response makes: each call of the socket's _write/_writev is one system call.
function countWrites(res: ServerResponse): () => number {
  const socket = res.socket as unknown as Record<"_write" | "_writev", (...args: unknown[]) => void>;
  let writes = 0;
  for (const name of ["_write", "_writev"] as const) {
    const original = socket[name].bind(socket);
    socket[name] = (...args) => {
      writes++;
      return original(...args);
    };
  }
  return () => writes;
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(handler: (res: ServerResponse) => void): Promise<string> {
  const server = createServer({ ServerResponse: BatchedResponse }, (_req, res) => handler(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** The answer's status and body, and when its headers and its end arrived (ms after the request). */
function get(url: string): Promise<{ status: number; body: string; headersAt: number; endAt: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      const headersAt = performance.now() - started;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, headersAt, endAt: performance.now() - started }));
    })
      .on("error", reject)
      .end();
  });
}

describe("BatchedResponse", () => {
  it("sends the headers and every chunk written in one turn (as Next streams a page) in one socket write", async () => {
    let writes = () => 0;
    const url = await serve((res) => {
      writes = countWrites(res);
      res.setHeader("content-type", "text/html");
      // As Next's pipe does: flushHeaders() and the first chunk, then more chunks from later microtasks.
      res.flushHeaders();
      res.write("<html>");
      void Promise.resolve()
        .then(() => res.write("<body>"))
        .then(() => res.end("</body></html>"));
    });
    const answer = await get(url);
    expect(answer).toMatchObject({ status: 200, body: "<html><body></body></html>" });
    expect(writes()).toBe(1);
  });

  it("does not hold back what a streaming page has written while it waits for the rest", async () => {
    let writes = () => 0;
    const url = await serve((res) => {
      writes = countWrites(res);
      res.flushHeaders();
      res.write("shell");
      setTimeout(() => res.end("rows"), 300);
    });
    const answer = await get(url);
    expect(answer.body).toBe("shellrows");
    // The headers (with the shell) arrived long before the rows; one write for each part.
    expect(answer.headersAt).toBeLessThan(200);
    expect(answer.endAt).toBeGreaterThanOrEqual(290);
    expect(writes()).toBe(2);
  });
});
