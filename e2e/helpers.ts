import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { createInterface } from "node:readline";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { runScript } from "../scripts/lib/run-script";
import { e2eState, signedInStatePath, type SharedRole } from "./state";

/**
 * Opens `path` signed in as a shared operator, with the session global-setup signed in through the form once per run
 * (its cookies added to this page's context). A test whose subject is the sign-in itself uses the form instead
 * (`signInAs`, `submitSignIn`); one that ends sessions uses a `dedicatedOperator`.
 */
export async function signIn(page: Page, who: SharedRole, path = "/") {
  await addSession(page.context(), who);
  await page.goto(path);
  await expect(page.getByRole("navigation", { name: /navegación principal|main navigation/i })).toBeVisible();
  return e2eState().operators[who];
}

/** Gives `context` a shared operator's saved session (its cookies: any app on this host with the run's AUTH_SECRET and database). */
export async function addSession(context: BrowserContext, who: SharedRole) {
  const saved = JSON.parse(readFileSync(signedInStatePath(who), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
  await context.addCookies(saved.cookies);
}

/** The sign-in form's error (Next's route announcer is another, empty, role="alert"). */
export function signInAlert(page: Page) {
  return page.getByRole("form", { name: /iniciar sesión|sign in/i }).getByRole("alert");
}

/** Fills and submits the sign-in form, and waits for the server action's answer (the form resets when it lands). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(/correo electrónico|email/i).fill(email);
  await page.getByLabel(/contraseña|password/i).fill(password);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/sign-in"),
    page.getByRole("button", { name: /^(entrar|sign in)$/i }).click(),
  ]);
  // The answer has arrived; React applies it a moment later and then resets the form (the password empties). Until it
  // has, a next attempt's typing can be wiped by that reset and an empty form sent — and an alert that says the same
  // as the previous attempt's cannot tell the two apart.
  await expect(async () => {
    if (new URL(page.url()).pathname !== "/sign-in") return;
    expect(await page.getByLabel(/contraseña|password/i).inputValue({ timeout: 500 })).toBe("");
  }).toPass({ timeout: 10_000 });
}

/**
 * A new operator of this test's own, made by the production `addOperator` as the CLI makes them (global-setup makes
 * the shared ones through the CLI itself). A test that signs out, resets a password or disables someone uses one:
 * those end every session of that operator, and the shared e2e operators' sessions are in use by the tests running
 * beside it. A stack of a spec's own (own-stack.ts) makes its three in its own database.
 */
export async function dedicatedOperator(email: string, name: string, role: SharedRole = "operator", databaseUrl = e2eState().databaseUrl) {
  const reply = await operatorMaker().ask({ databaseUrl, email, name, role });
  expect(reply.error, `could not add ${email}`).toBeUndefined();
  return { email, name, password: reply.password! };
}

type MakerReply = { id: number; password?: string; error?: string };
let maker: { ask(input: { databaseUrl: string; email: string; name: string; role: SharedRole }): Promise<MakerReply> } | undefined;

/** This worker's e2e/operators.tool.ts, started on first use: one tsx start-up per worker rather than one per operator. */
function operatorMaker() {
  if (maker) return maker;
  const env: Record<string, string | undefined> = { PATH: process.env.PATH };
  const child = spawn(process.execPath, [resolvePath("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/operators.tool.ts"], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  // Not what keeps this worker alive: the tool ends with its stdin, when the worker does.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref(): void }).unref();
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4_000)));
  const waiting = new Map<number, (reply: MakerReply) => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const reply = JSON.parse(line) as MakerReply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  child.once("exit", (code) => {
    for (const [id, resolve] of waiting) resolve({ id, error: `e2e/operators.tool.ts exited with ${code}:\n${stderr}` });
    waiting.clear();
    maker = undefined;
  });
  let next = 0;
  maker = {
    ask: (input) =>
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ id, ...input })}\n`);
      }),
  };
  return maker;
}

/** Signs a dedicated operator in on the sign-in page and waits for the shell. */
export async function signInAs(page: Page, person: { email: string; password: string }, path = "/") {
  await page.goto(path);
  await submitSignIn(page, person.email, person.password);
  await expect(page.getByRole("navigation", { name: /navegación principal|main navigation/i })).toBeVisible();
}

export type SyncOptions = { mode?: "test" | "live"; resources?: string[]; full?: boolean; refresh?: boolean };

/**
 * One sync pass (`npm run sync`) with `env` (a database, a service and its keys): resolves with what it printed when
 * it is done, throws when it exits non-zero.
 */
export async function syncPass(env: Record<string, string | undefined>, { mode = "test", resources, full, refresh }: SyncOptions = {}) {
  const args = ["--mode", mode, ...(resources ? ["--resource", resources.join(",")] : []), ...(full ? ["--full"] : []), ...(refresh ? ["--refresh"] : [])];
  const run = await runScript("scripts/sync.ts", args, { PATH: process.env.PATH, SYNC_WORKER: "false", ...env });
  if (run.code !== 0) throw new Error(`npm run sync -- ${args.join(" ")} exited with ${run.code}:\n${run.stderr}${run.stdout}`);
  return run;
}
