import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR } from "../scripts/lib/dev-state";
import { runMigrations } from "../scripts/lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres, portIsFree, withDatabase } from "../scripts/lib/postgres";
import { startSandbox } from "../sandbox/server";
import { startAppServer } from "./app-server";
import { startOperatorMaker, type OperatorMaker } from "./helpers";
import { launchBrowser, saveSignedInStates } from "./signed-in-state";
import { E2E_DIR, E2E_PORT, type E2eState } from "./state";

const random = (bytes = 24) => randomBytes(bytes).toString("base64url");

export default async function globalSetup() {
  mkdirSync(E2E_DIR, { recursive: true });
  // The tests run against a production build of the code as it is now; E2E_SKIP_BUILD=1 reuses the last one.
  if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID")) {
    console.log("[e2e] next build");
    const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("next build failed");
  }
  if (!(await portIsFree(E2E_PORT, "0.0.0.0"))) throw new Error(`port ${E2E_PORT} is taken; set E2E_PORT`);

  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-e2e"), preferredPort: 54340, log: console.log });
  const database = `bo_e2e_${process.pid}_${Date.now()}`;
  // Migrated once: the shared database and every stack of a spec's own (own-stack.ts) are copies of this template.
  const template = `${database}_template`;
  const templateUrl = await createDatabase(server.url, template);
  // Fresh secrets for this run: the leak test looks for them in everything the browser receives.
  const secrets = {
    AUTH_SECRET: random(32),
    PAYMENT_SECRET_KEY_TEST: `svc_test_secret_key_${random()}`,
    PAYMENT_SECRET_KEY_LIVE: `svc_live_secret_key_${random()}`,
    WEBHOOK_SECRET_TEST: `whsec_test_${random()}`,
    WEBHOOK_SECRET_LIVE: `whsec_live_${random()}`,
  };

  // The two chains below share nothing until the sign-ins, so they run side by side (about 4 s of the setup's 12):
  // the database's migrations and operators on one side, the sandbox and the app on the other. The app answers
  // /api/health as soon as its database exists; nothing asks it for a page before the operators sign in. The
  // operators' maker (a tsx start-up, about a second of CPU) starts beside the migrations.
  const databaseUrl = withDatabase(server.url, database);
  const maker = startOperatorMaker();
  const operatorsReady = (async () => {
    try {
      await runMigrations(templateUrl);
      await createDatabase(server.url, database, template);
      return await createOperators(maker, databaseUrl);
    } finally {
      maker.close();
    }
  })();
  const stackReady = (async () => {
    const sandbox = await startE2eSandbox(secrets);
    const logFile = path.join(E2E_DIR, "server.log");
    try {
      // The specs assert exact figures fed by their own webhooks: no background sync moving them under their feet.
      const app = await startAppServer({ port: E2E_PORT, logFile, env: { ...secrets, PAYMENT_API_URL: sandbox.url, DATABASE_URL: databaseUrl } });
      return { sandbox, app, logFile };
    } catch (error) {
      await sandbox.stop();
      throw error;
    }
  })();
  // The sign-ins' browser starts meanwhile too.
  const browser = launchBrowser();
  browser.catch(() => {});
  const [operators, stack] = await Promise.allSettled([operatorsReady, stackReady]);
  const teardown = async () => {
    if (stack.status === "fulfilled") {
      await stack.value.app.stop();
      await stack.value.sandbox.stop();
    }
    await dropDatabase(server.url, database);
    await dropDatabase(server.url, template);
    await server.stop();
  };
  if (operators.status === "rejected" || stack.status === "rejected") {
    await browser.then((b) => b.close(), () => {});
    await teardown();
    throw operators.status === "rejected" ? operators.reason : (stack as PromiseRejectedResult).reason;
  }
  const { sandbox, app, logFile } = stack.value;
  const baseURL = app.baseURL;
  const state: E2eState = { baseURL, sandboxURL: sandbox.url, operators: operators.value, secrets, databaseUrl, templateDatabase: template, logFile };
  writeFileSync(path.join(E2E_DIR, "state.json"), JSON.stringify(state, null, 2));
  try {
    await saveSignedInStates(baseURL, operators.value, browser);
  } catch (error) {
    await teardown();
    throw error;
  }

  return teardown;
}

/**
 * The shared operators, made by the production `addOperator` as `npm run operator -- add` makes them (a generated
 * password, its hash, the audit row), in one process for the four (scripts/operator.int.test.ts runs the CLI itself).
 */
async function createOperators(maker: OperatorMaker, databaseUrl: string): Promise<E2eState["operators"]> {
  const operators = {} as E2eState["operators"];
  const people = [
    ["admin", "e2e-admin@example.com", "Adriana Mora", "admin"],
    ["operator", "e2e-operator@example.com", "Óscar Jiménez", "operator"],
    ["viewer", "e2e-viewer@example.com", "Valeria Quesada", "viewer"],
    ["lockout", "e2e-lockout@example.com", "Lucía Brenes", "operator"],
  ] as const;
  await Promise.all(
    people.map(async ([key, email, name, role]) => {
      const reply = await maker.ask({ databaseUrl, email, name, role });
      if (reply.error !== undefined) throw new Error(`could not create ${email}: ${reply.error}`);
      operators[key] = { email, name, password: reply.password! };
    }),
  );
  return operators;
}

/** The sandbox Payment Service the app reads, seeded the same way on every run, with this run's keys and secrets. */
function startE2eSandbox(secrets: Record<"PAYMENT_SECRET_KEY_TEST" | "PAYMENT_SECRET_KEY_LIVE" | "WEBHOOK_SECRET_TEST" | "WEBHOOK_SECRET_LIVE", string>) {
  return startSandbox({
    port: 0,
    seed: "e2e",
    scale: 0.2,
    now: new Date("2026-11-01T12:00:00.000Z"),
    dataDir: null,
    keys: {
      secret: { test: secrets.PAYMENT_SECRET_KEY_TEST, live: secrets.PAYMENT_SECRET_KEY_LIVE },
      publishable: { test: `svc_test_publishable_key_${random()}`, live: `svc_live_publishable_key_${random()}` },
    },
    webhooks: {
      test: { url: `http://127.0.0.1:${E2E_PORT}/api/webhooks/test`, secret: secrets.WEBHOOK_SECRET_TEST },
      live: { url: `http://127.0.0.1:${E2E_PORT}/api/webhooks/live`, secret: secrets.WEBHOOK_SECRET_LIVE },
    },
    webhookBaseDelayMs: 100,
  });
}
