// Shared by the sync's integration tests: a sandbox over HTTP, a client per mode, and a checksum that compares the
// sandbox's list with the local table on the same terms (count, ids, amounts, statuses).
import { createHash } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "@/db";
import type { Mode } from "@/lib/env-schema";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { CONFORMANCE_SEED, SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "@/sandbox/server";
import { SYNC_CLIENT_OPTIONS } from "./fetch";
import type { SyncResource } from "./resources";

export const startTestSandbox = (options: Partial<SandboxOptions> = {}) =>
  startSandbox({ port: 0, ...CONFORMANCE_SEED, dataDir: null, keys: SANDBOX_TEST_KEYS, webhooks: {}, ...options });

/** A sandbox started before the file's tests and stopped after them; `.current` once they run. */
export function sandboxForTheseTests(options: Partial<SandboxOptions> = {}): { readonly current: RunningSandbox } {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startTestSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });
  return {
    get current() {
      if (!sandbox) throw new Error("the test sandbox is not running yet");
      return sandbox;
    },
  };
}

/** `npm run sync` (scripts/sync.ts) as a child process would run it: its arguments and environment, against this sandbox. */
export function syncCli(sandbox: RunningSandbox, databaseUrl: string, args: string[]): [command: string, args: string[], env: NodeJS.ProcessEnv] {
  return [
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "scripts/sync.ts", ...args],
    {
      // Nothing inherited (the child finds node and tsx by path): only these settings reach the command.
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      PAYMENT_API_URL: sandbox.url,
      PAYMENT_SECRET_KEY_TEST: SANDBOX_TEST_KEYS.secret.test,
    } as NodeJS.ProcessEnv,
  ];
}

export function sandboxClient(sandbox: RunningSandbox, mode: Mode, onCall?: () => void): PaymentClient {
  return createPaymentClient({
    baseUrl: sandbox.url,
    secretKey: SANDBOX_TEST_KEYS.secret[mode],
    ...SYNC_CLIENT_OPTIONS,
    logger: () => {},
    fetch: (input, init) => {
      onCall?.();
      return fetch(input, init);
    },
  });
}

type Line = { id: string; amount: number | null; status: string | null };
const COLLECTION: Record<SyncResource, string> = {
  payments: "paymentIntents",
  transfers: "mobileTransfers",
  renewals: "renewals",
  subscriptions: "subscriptions",
  customers: "customers",
  accounts: "connectedAccounts",
};

function checksum(lines: Line[]) {
  const sorted = lines.map((l) => `${l.id}|${l.amount ?? ""}|${l.status ?? ""}`).sort();
  return { count: sorted.length, sha: createHash("sha256").update(sorted.join("\n")).digest("hex") };
}

/** The sandbox's own records of a resource, as (id, amount, status). */
export function remoteChecksum(sandbox: RunningSandbox, mode: Mode, resource: SyncResource) {
  const records = sandbox.store.collection(mode, COLLECTION[resource] as "customers").all() as unknown as Record<string, unknown>[];
  return checksum(
    records.map((r) => ({
      id: String(resource === "transfers" ? r.SINPERefNumber : r.id),
      amount: (r.amount ?? r.total ?? r.amountSpent ?? null) as number | null,
      status: (r.status ?? null) as string | null,
    })),
  );
}

const LOCAL: Record<SyncResource, string> = {
  payments: "select id, amount, status from payment_intents",
  transfers: "select sinpe_ref_number as id, amount, status from mobile_transfers",
  renewals: "select id, total as amount, status from renewals",
  subscriptions: "select id, null::bigint as amount, status from subscriptions",
  customers: "select id, amount_spent as amount, null as status from customers",
  accounts: "select id, null::bigint as amount, status from connected_accounts",
};

export async function localChecksum(db: Database, mode: Mode, resource: SyncResource) {
  const rows = await db.execute<{ id: string; amount: string | number | null; status: string | null }>(
    sql.raw(`${LOCAL[resource]} where mode = '${mode}'`),
  );
  return checksum(rows.map((r) => ({ id: r.id, amount: r.amount === null ? null : Number(r.amount), status: r.status })));
}
