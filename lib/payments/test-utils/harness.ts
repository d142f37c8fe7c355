import { afterEach } from "vitest";
import { createPaymentClient, type PaymentClientOptions } from "../client";
import { PaymentServiceError } from "../errors";
import type { CallLog } from "../log";
import { startLocalServer, type Handler, type LocalServer } from "./local-server";

export const TEST_SECRET_KEY = "svc_test_secret_key_do_not_leak_4f9a";

/** A client against a fresh local server, recording its log lines and its waits instead of sleeping. */
export function createClientHarness() {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function server(handler: Handler): Promise<LocalServer> {
    const started = await startLocalServer(handler);
    servers.push(started);
    return started;
  }

  async function setup(handler: Handler, options: Partial<PaymentClientOptions> = {}) {
    const local = await server(handler);
    const logs: CallLog[] = [];
    const waits: number[] = [];
    const client = createPaymentClient({
      baseUrl: local.url,
      secretKey: TEST_SECRET_KEY,
      logger: (entry) => logs.push(entry),
      sleep: async (ms) => void waits.push(ms),
      ...options,
    });
    return { server: local, client, logs, waits };
  }

  return { setup, server };
}

export async function failure(promise: Promise<unknown>): Promise<PaymentServiceError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof PaymentServiceError)) throw new Error(`expected a PaymentServiceError, got ${String(error)}`);
  return error;
}
