import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { catalogRoutes } from "./api/catalog";
import { connectedAccountRoutes } from "./api/connected-accounts";
import { readRoutes } from "./api/read-routes";
import { refundRoutes } from "./api/refunds";
import { modeOfRequest, type SandboxKeys } from "./http/auth";
import { notFoundError, SandboxError, validationError } from "./http/errors";
import { match, type Route } from "./http/router";
import type { Mode } from "./model";
import { controlRoutes } from "./control";
import { generateSeed } from "./seed";
import { Journal } from "./store/journal";
import { Store } from "./store/store";
import { WebhookDeliverer, type WebhookTarget } from "./webhooks/deliverer";

export type SandboxOptions = {
  port?: number;
  host?: string;
  seed: string;
  scale: number;
  /** The instant the seed is generated around; default: pinned in dataDir the first time, else now. */
  now?: Date;
  /** Where the journal (and the pinned "now") live; null keeps nothing across restarts. */
  dataDir: string | null;
  keys: SandboxKeys;
  webhooks: Partial<Record<Mode, WebhookTarget>>;
  webhookBaseDelayMs?: number;
  /** The address sellers' onboarding links and checkout URLs point at. */
  publicUrl?: string;
  /** Milliseconds to wait before answering an API call: a slow service, for benchmarks and by hand (SANDBOX_LATENCY_MS). */
  latencyMs?: number | ((method: string, pathname: string) => number);
  /** Called when an API call has been answered: when it arrived (performance.now()) and its time here, latency included. */
  onApiCall?: (call: { method: string; pathname: string; status: number; startedAt: number; ms: number }) => void;
  log?: (line: string) => void;
};

export type RunningSandbox = {
  url: string;
  port: number;
  store: Store;
  webhooks: WebhookDeliverer;
  stop: () => Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;

function pinnedNow(dataDir: string | null, name: string): Date {
  if (!dataDir) return new Date();
  const file = path.join(dataDir, `${name}.anchor.json`);
  if (existsSync(file)) return new Date((JSON.parse(readFileSync(file, "utf8")) as { now: string }).now);
  const now = new Date();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ now: now.toISOString() }));
  return now;
}

function readBody(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(validationError("request body must be at most 1 MiB"));
      else chunks.push(chunk);
    });
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(validationError("request body must be valid JSON"));
      }
    });
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown, contentType?: string, now?: Date) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  response.writeHead(status, {
    // The sandbox's clock, moved on by /_sandbox/clock, as a real service's Date is its own: link expiry follows it.
    ...(now && { date: now.toUTCString() }),
    "content-type": contentType ?? (typeof body === "string" ? "text/html; charset=utf-8" : "application/json; charset=utf-8"),
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** Starts the local Payment Service. Port 0 picks a free port (tests). */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const log = options.log ?? (() => {});
  const name = `${options.seed}-x${options.scale}`;
  const now = options.now ?? pinnedNow(options.dataDir, name);
  const started = performance.now();
  const journal = new Journal(options.dataDir ? path.join(options.dataDir, `${name}.journal.jsonl`) : null);
  const store = new Store(generateSeed({ seed: options.seed, scale: options.scale, now }), { seed: options.seed, scale: options.scale, now }, journal);
  log(`seed "${options.seed}" at scale ${options.scale} ready in ${Math.round(performance.now() - started)} ms`);

  const webhooks = new WebhookDeliverer({ targets: options.webhooks, baseDelayMs: options.webhookBaseDelayMs, log });
  // Built once the port is known: onboarding links and checkout URLs point back at this server by default.
  let apiRoutes: Route[] = [];
  let sandboxRoutes: Route[] = [];

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://sandbox");
    const method = request.method ?? "GET";
    if (options.onApiCall && url.pathname.startsWith("/v1/")) {
      const began = performance.now();
      const report = options.onApiCall;
      response.once("finish", () => report({ method, pathname: url.pathname, status: response.statusCode, startedAt: began, ms: performance.now() - began }));
    }
    try {
      if (url.pathname.startsWith("/v1/")) {
        const delay = typeof options.latencyMs === "function" ? options.latencyMs(method, url.pathname) : (options.latencyMs ?? 0);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const mode = modeOfRequest(request.headers.authorization, options.keys);
        const found = match(apiRoutes, method, url.pathname);
        if (!found || found === "method") throw notFoundError(`Cannot ${method} ${url.pathname}`);
        const body = method === "POST" ? await readBody(request) : undefined;
        const reply = await found.route.handler({ mode, params: found.params, query: url.searchParams, body, path: url.pathname, store });
        return send(response, reply.status ?? 200, reply.body, undefined, store.now());
      }
      const control = match(sandboxRoutes, method, url.pathname);
      if (control && control !== "method") {
        const body = method === "POST" ? await readBody(request) : undefined;
        const reply = await control.route.handler({ mode: "test", params: control.params, query: url.searchParams, body, path: url.pathname, store });
        return send(response, reply.status ?? 200, reply.body, reply.contentType, store.now());
      }
      throw notFoundError(`Cannot ${method} ${url.pathname}`);
    } catch (error) {
      if (error instanceof SandboxError) return send(response, error.status, error.body, undefined, store.now());
      log(`500 on ${method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`);
      return send(response, 500, { statusCode: 500, message: "Internal server error", error: "Internal Server Error" });
    }
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const publicUrl = options.publicUrl ?? url;
  apiRoutes = [...readRoutes, ...catalogRoutes(publicUrl), ...refundRoutes, ...connectedAccountRoutes(publicUrl)];
  sandboxRoutes = controlRoutes({ store, webhooks, publicUrl });

  return {
    url,
    port,
    store,
    webhooks,
    stop: async () => {
      webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
