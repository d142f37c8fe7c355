import { afterAll, beforeAll } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import type { Mode } from "../model";
import { startSandbox, type RunningSandbox } from "../server";

// What the conformance suite runs against: by default a fresh sandbox on a free port; with CONFORMANCE_TARGET=contract
// (npm run test:contract) the Payment Service at PAYMENT_API_URL with the keys in the environment. Scenario and
// webhook tests need the sandbox (a real deployment cannot be told to send an event), so they run only there.

export type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };

/** A local webhook endpoint that records what it receives and can be told to fail the next n deliveries. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private failNext = 0;
  private server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), path: request.url ?? "" });
      if (this.failNext > 0) {
        this.failNext--;
        response.writeHead(500).end();
      } else response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  url = "";

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  failTimes(n: number): void {
    this.failNext = n;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export type ConformanceTarget = {
  kind: "sandbox" | "contract";
  url: string;
  keys: { test: string; live?: string; publishableTest?: string };
  /** A client of lib/payments for a mode, logging nowhere. */
  client: (mode?: Mode, key?: string) => PaymentClient;
  sandbox?: RunningSandbox;
  receiver?: WebhookReceiver;
  webhookSecrets: Record<Mode, string>;
  stop: () => Promise<void>;
};

/**
 * Known when the test files are collected (before any beforeAll), so that `it.skipIf(!onSandbox)` can mark the tests
 * a real deployment cannot serve: scenarios, webhooks, the sandbox clock, restarts.
 */
export const onSandbox = process.env.CONFORMANCE_TARGET !== "contract";

/**
 * The seed of the conformance sandbox. `now` is a fixed instant in the past: the store's clock is the real one, so
 * whatever a test creates is newer than every seeded record (newest-first lists put it first), and the data is the
 * same on every run. Scale 0.05 is the smallest at which the seed has every status of intents, subscriptions, renewals
 * and transfers, and 3+ pages at limit 10 of each of those lists and of customers (0.04 leaves 20 subscriptions).
 */
export const CONFORMANCE_SEED = { seed: "conformance", scale: 0.05, now: new Date("2026-11-01T12:00:00.000Z") } as const;

export const SANDBOX_TEST_KEYS = {
  secret: { test: "svc_test_secret_key_conformance", live: "svc_live_secret_key_conformance" },
  publishable: { test: "svc_test_publishable_key_conformance", live: "svc_live_publishable_key_conformance" },
};

/** What a sandbox target may change: persistence tests restart on one data directory, or with another seed. */
export type SandboxOverrides = { dataDir?: string; seed?: string };

export async function startTarget(overrides: SandboxOverrides = {}): Promise<ConformanceTarget> {
  const makeClient = (url: string, keys: Partial<Record<Mode, string>>) => (mode: Mode = "test", key?: string) =>
    createPaymentClient({ baseUrl: url, secretKey: key ?? keys[mode] ?? "", logger: () => {}, maxRetries: 0 });

  if (!onSandbox) {
    const url = process.env.PAYMENT_API_URL;
    const test = process.env.PAYMENT_SECRET_KEY_TEST;
    if (!url || !test) throw new Error("npm run test:contract needs PAYMENT_API_URL and PAYMENT_SECRET_KEY_TEST");
    const keys = { test, live: process.env.PAYMENT_SECRET_KEY_LIVE, publishableTest: process.env.PAYMENT_PUBLISHABLE_KEY_TEST };
    return { kind: "contract", url, keys, client: makeClient(url, keys), webhookSecrets: { test: "", live: "" }, stop: async () => {} };
  }

  const receiver = new WebhookReceiver();
  await receiver.start();
  const webhookSecrets = { test: "whsec_conformance_test_0123456789", live: "whsec_conformance_live_0123456789" };
  const sandbox = await startSandbox({
    port: 0,
    ...CONFORMANCE_SEED,
    seed: overrides.seed ?? CONFORMANCE_SEED.seed,
    dataDir: overrides.dataDir ?? null,
    keys: SANDBOX_TEST_KEYS,
    webhooks: {
      test: { url: `${receiver.url}/webhooks/test`, secret: webhookSecrets.test },
      live: { url: `${receiver.url}/webhooks/live`, secret: webhookSecrets.live },
    },
    webhookBaseDelayMs: 20,
  });
  const keys = { test: SANDBOX_TEST_KEYS.secret.test, live: SANDBOX_TEST_KEYS.secret.live, publishableTest: SANDBOX_TEST_KEYS.publishable.test };
  return {
    kind: "sandbox",
    url: sandbox.url,
    keys,
    client: makeClient(sandbox.url, keys),
    sandbox,
    receiver,
    webhookSecrets,
    stop: async () => {
      await sandbox.stop();
      await receiver.stop();
    },
  };
}

/**
 * One target for a test file: started before its tests (the sandbox, or the deployment `npm run test:contract` names)
 * and stopped after them. Read `suite.target` and `suite.client` (the test mode's client) inside tests only.
 */
export function conformanceSuite(): { readonly target: ConformanceTarget; readonly client: PaymentClient } {
  let target: ConformanceTarget | undefined;
  let client: PaymentClient | undefined;
  beforeAll(async () => {
    target = await startTarget();
    client = target.client("test");
  }, 120_000);
  afterAll(() => target?.stop());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the conformance target is read before it started");
    return value;
  };
  return {
    get target() {
      return started(target);
    },
    get client() {
      return started(client);
    },
  };
}
