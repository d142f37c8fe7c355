import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startAppServer } from "./app-server";
import { E2E_DIR, E2E_PORT, e2eState, signedInStatePath } from "./state";

// A deploy stops the production server (scripts/server.mjs) with SIGTERM while operators' pages are still streaming.
// Cut halfway, such a page (or a Retry's refresh) cannot load in the browser: ERR_INCOMPLETE_CHUNKED_ENCODING, then
// Next's bare "This page couldn't load". The server must let what is in flight end, and take nothing new.
test.setTimeout(90_000);

/** A Payment Service that answers every call with an empty list, once it is told to: the app's page waits on it meanwhile. */
async function heldService() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let received!: () => void;
  const called = new Promise<void>((resolve) => (received = resolve));
  const server: Server = createServer((_request, response) => {
    received();
    void released.then(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: [], meta: { total: 0, pages: 0, limit: 10, cursorNext: null, cursorBefore: null } }));
    });
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1" }, resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    called,
    release,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test("a stopped server finishes the page it is streaming, then takes no new request", async () => {
  const state = e2eState();
  const service = await heldService();
  const app = await startAppServer({
    port: { from: E2E_PORT + 40 },
    logFile: path.join(E2E_DIR, "server-stop.log"),
    env: { ...state.secrets, DATABASE_URL: state.databaseUrl, PAYMENT_API_URL: service.url },
  });
  try {
    const saved = JSON.parse(readFileSync(signedInStatePath("viewer"), "utf8")) as { cookies: { name: string; value: string }[] };
    const cookie = saved.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
    const page = fetch(`${app.baseURL}/payments`, { headers: { cookie } }).then(async (response) => ({ status: response.status, html: await response.text() }));
    // The page is being rendered and waits on the service: stop the server now, and let the service answer after.
    await service.called;
    const stopped = app.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(fetch(`${app.baseURL}/api/health`), "no new request once stopping").rejects.toThrow();
    service.release();
    const { status, html } = await page;
    expect(status).toBe(200);
    // The list's part, streamed only once the service answered, after the stop.
    expect(html).toContain("Todavía no hay pagos");
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    await stopped;
  } finally {
    service.release();
    await app.stop();
    await service.close();
  }
});
