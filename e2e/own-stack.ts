import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import postgres from "postgres";
import { createDatabase, dropDatabase, findFreePort } from "../scripts/lib/postgres";
import { startSandbox, type RunningSandbox } from "../sandbox/server";
import { startAppServer, type AppServer } from "./app-server";
import { dedicatedOperator, signInAs, syncPass, type SyncOptions } from "./helpers";
import { runScenarioAt } from "./sandbox";
import { E2E_DIR, E2E_PORT, SHARED_ROLES, e2eState, type SharedRole } from "./state";

// A stack of a spec's own — a sandbox seeded around now that sends no webhooks, a fresh migrated database on the run's
// server with an admin, an operator and a viewer, and a production app on a free port — for specs whose subject would
// disturb the shared one (the sync's worker, a moved sandbox clock, a closed period).

export type StackPerson = { email: string; name: string; password: string };

export type OwnStackOptions = {
  /** Names the database, the operators ("<name>-admin@example.com") and the app's log file. */
  name: string;
  seed: string;
  scale: number;
  /** The app's port is the first free one from E2E_PORT + this. */
  portOffset: number;
  /** Runs the app's sync worker (SYNC_WORKER=true). */
  worker?: boolean;
  /** Gives live mode a key and a webhook secret too; otherwise only test mode is configured. */
  live?: boolean;
  /** Milliseconds the sandbox waits before answering each request. */
  latencyMs?: () => number;
  /** The sandbox delivers test mode's webhooks to the app, each after this many milliseconds (none when unset). */
  webhookDelayMs?: number;
  /** Runs once the sandbox is up, before the app starts (a scenario the app's first sync must see). */
  beforeApp?: (sandbox: RunningSandbox) => Promise<void>;
};

export type OwnStack = {
  sandbox: RunningSandbox;
  app: AppServer;
  sql: postgres.Sql;
  databaseUrl: string;
  keys: { test: string; live: string };
  people: Record<SharedRole, StackPerson>;
  logFile: string;
  /** The app's environment (its database, the sandbox, the keys): for a command-line run against the same stack. */
  env: Record<string, string>;
  /** A new browser context signed in as `who` on `pathname`, in `locale`. */
  open(browser: Browser, who: SharedRole, pathname: string, options?: { locale?: "es" | "en"; context?: BrowserContextOptions; onContext?: (context: BrowserContext) => void }): Promise<Page>;
  /** Runs a test-mode scenario on this stack's sandbox (with what it may be told, e.g. `accountId`): the ids it created. */
  scenario(name: string, input?: Record<string, string>): Promise<Record<string, string>>;
  /**
   * One sync pass (`npm run sync`) against this stack's sandbox and database, test mode unless told: resolves with
   * what it printed when it is done, throws when it exits non-zero. `key` replaces test mode's secret key for this run.
   */
  sync(options?: SyncOptions & { key?: string }): Promise<{ stdout: string; stderr: string }>;
  /** The sandbox's own API with this stack's test key; fails the test on an error status. */
  service<T>(pathname: string): Promise<T>;
  /** Every record of a service list, 100 a page: by its next cursor, or (transfers) after the last record while hasMore. */
  listAll<T extends { id: string }>(pathname: string, query?: string): Promise<T[]>;
  stop(): Promise<void>;
};

const random = () => randomBytes(18).toString("base64url");

export async function startOwnStack(options: OwnStackOptions): Promise<OwnStack> {
  const keys = { test: `svc_test_secret_key_${random()}`, live: `svc_live_secret_key_${random()}` };
  const port = await findFreePort(E2E_PORT + options.portOffset);
  const webhookSecrets = { test: `whsec_test_${random()}`, live: options.live ? `whsec_live_${random()}` : "" };
  const delivered = options.webhookDelayMs !== undefined;
  const sandbox = await startSandbox({
    port: 0,
    seed: options.seed,
    scale: options.scale,
    now: new Date(),
    dataDir: null,
    webhooks: delivered ? { test: { url: `http://127.0.0.1:${port}/api/webhooks/test`, secret: webhookSecrets.test } } : {},
    ...(delivered ? { webhookBaseDelayMs: options.webhookDelayMs } : {}),
    ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
    keys: { secret: keys, publishable: { test: `svc_test_publishable_key_${random()}`, live: `svc_live_publishable_key_${random()}` } },
  });
  await options.beforeApp?.(sandbox);
  const state = e2eState();
  const server = new URL(state.databaseUrl);
  server.pathname = "/postgres";
  const database = `bo_e2e_${options.name.replace(/\W/g, "_")}_${process.pid}_${Date.now()}`;
  const databaseUrl = await createDatabase(server.toString(), database, state.templateDatabase);
  const people = {} as Record<SharedRole, StackPerson>;
  await Promise.all(
    SHARED_ROLES.map(async (role) => {
      const name = `${options.name[0]!.toUpperCase()}${options.name.slice(1)} ${role}`;
      people[role] = await dedicatedOperator(`${options.name}-${role}@example.com`, name, role, databaseUrl);
    }),
  );
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const logFile = path.join(E2E_DIR, `${options.name}-server.log`);
  const env = {
    DATABASE_URL: databaseUrl,
    PAYMENT_API_URL: sandbox.url,
    PAYMENT_SECRET_KEY_TEST: keys.test,
    PAYMENT_SECRET_KEY_LIVE: options.live ? keys.live : "",
    WEBHOOK_SECRET_TEST: webhookSecrets.test,
    WEBHOOK_SECRET_LIVE: webhookSecrets.live,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  const app = await startAppServer({ port, logFile, env: { ...env, SYNC_WORKER: options.worker ? "true" : "false" } });
  mkdirSync(path.join(E2E_DIR, "screens"), { recursive: true });

  async function service<T>(pathname: string): Promise<T> {
    const response = await fetch(`${sandbox.url}${pathname}`, { headers: { Authorization: `Bearer ${keys.test}` } });
    expect(response.ok, `${pathname}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }

  return {
    sandbox,
    app,
    sql,
    databaseUrl,
    keys,
    people,
    logFile,
    env,
    async open(browser, who, pathname, { locale = "es", context: contextOptions = {}, onContext } = {}) {
      const context = await browser.newContext({ ...contextOptions, baseURL: app.baseURL });
      if (locale === "en") await context.addCookies([{ name: "bo_locale", value: "en", url: app.baseURL }]);
      onContext?.(context);
      const page = await context.newPage();
      await signInAs(page, people[who], pathname);
      return page;
    },
    scenario: (name, input) => runScenarioAt(sandbox.url, name, input),
    sync: ({ key, ...options } = {}) => syncPass({ ...env, ...(key && { PAYMENT_SECRET_KEY_TEST: key }) }, options),
    service,
    async listAll<T extends { id: string }>(pathname: string, query = "") {
      const all: T[] = [];
      for (let after: string | undefined; ; ) {
        const page = await service<{ data: T[]; meta: { hasMore?: boolean; cursorNext?: string | null; startingAfter?: string | null } }>(`${pathname}?limit=100${query}${after ? `&startingAfter=${after}` : ""}`);
        all.push(...page.data);
        // The list meta's cursor, the renewal meta's (named after the parameter), or the transfers' hasMore.
        after = page.meta.cursorNext ?? page.meta.startingAfter ?? (page.meta.hasMore ? page.data.at(-1)?.id : undefined);
        if (!after) return all;
      }
    },
    async stop() {
      await app.stop();
      await sql.end();
      await sandbox.stop();
      await dropDatabase(server.toString(), database).catch(() => {});
    },
  };
}
