import http from "node:http";
import type { AddressInfo } from "node:net";
// Next.js's own code for sending a route handler's streamed body: what `next start` runs between this app and the socket.
import { pipeToNodeResponse } from "next/dist/server/pipe-readable.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findList } from "@/app/(dashboard)/lists";
import { parseCsv } from "@/scripts/test/read-csv";
import { createPaymentClient } from "@/lib/payments/client";
import { CONFORMANCE_SEED, SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";
import { EXPORT_INCOMPLETE_MARKER, EXPORT_TOTAL_HEADER } from "@/lib/export/names";
import { exportResponse } from "@/lib/export/response";
import { exportTranslator } from "@/lib/export/translator";

// A failure half-way through an export, seen from an HTTP client: the upstream (a real sandbox) goes away while the
// file streams through a real socket the way Next.js sends it. The client must see the connection cut, not a clean
// end, and the part it got must end with the line saying the file is incomplete.

let sandbox: RunningSandbox;
let app: http.Server;
let url: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, ...CONFORMANCE_SEED, dataDir: null, keys: SANDBOX_TEST_KEYS, webhooks: {} });
  const client = createPaymentClient({ baseUrl: sandbox.url, secretKey: SANDBOX_TEST_KEYS.secret.test, logger: () => {}, sleep: async () => {} });
  app = http.createServer(async (request, response) => {
    const answer = await exportResponse({
      name: "payments",
      list: findList("payments")!.export,
      query: new URL(request.url ?? "/", "http://app").searchParams,
      context: { mode: "test", timeZone: "America/Costa_Rica", client: () => client, db: () => { throw new Error("not used"); } },
      t: exportTranslator("es"),
    });
    response.statusCode = answer.status;
    answer.headers.forEach((value, name) => response.setHeader(name, value));
    await pipeToNodeResponse(answer.body!, response).catch(() => {});
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

afterAll(async () => {
  app.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
});

it("cuts the connection after the incomplete line when the Payment Service goes away mid-export", async () => {
  const response = await fetch(`${url}/api/export/payments`);
  expect(response.status).toBe(200);
  const total = Number(response.headers.get(EXPORT_TOTAL_HEADER));
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < 20_000) text += decoder.decode((await reader.read()).value, { stream: true });
  await sandbox.stop();

  const outcome = await (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return "ended cleanly";
      text += decoder.decode(value, { stream: true });
    }
  })().catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(TypeError);

  const records = parseCsv(text);
  expect(records.at(-1)?.[0]).toBe(EXPORT_INCOMPLETE_MARKER);
  expect(records.length - 2).toBeLessThan(total);
});
