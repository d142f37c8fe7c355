import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { createInterface } from "node:readline";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { runScript } from "../scripts/lib/run-script";
import { e2eState, signedInStatePath, type SharedRole } from "./state";

/**
 * The lock (Playwright's test locks) of a test that exports as the shared viewer: an operator has one export at a time
 * (export_leases), so two such exports running side by side, in any two specs, refuse one another. Tests that hold it
 * never run at the same time; every other test still runs beside them. A test whose export must be slow or must hold
 * the lease uses an operator of its own instead (`dedicatedOperator`).
 */
export const VIEWER_EXPORT = { lock: "the shared viewer's one export" };

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

/**
 * `expect.poll` that looks again 25, 50, then every 100 ms. Its default waits 100, 250, 500 and then 1000 ms between
 * looks, so a page that turned in 80 ms was read about 350 ms later; the looks here are reads of the page's DOM.
 */
export function poll<T>(probe: () => T | Promise<T>, options: { message?: string; timeout?: number } = {}) {
  return expect.poll(probe, { intervals: [25, 50, 100], ...options });
}

/**
 * Runs `check` (assertions with short timeouts) on the page as it is, then reloads it until `check` holds: for what the
 * server renders once something lands (an event's after() work, a save made in the background). The page is looked at
 * before the first reload: one opened after its scenario's webhooks were answered (sandbox.ts) usually has them.
 */
export async function expectAfterReloads(page: Page, check: () => Promise<void>, timeout = 15_000) {
  let loaded = true;
  await expect(async () => {
    if (!loaded) await page.reload();
    loaded = false;
    await check();
  }).toPass({ timeout });
}

/**
 * Opens the shell's search dialog with Ctrl+K and returns it. The shortcut is heard once the header's search box has
 * hydrated and its effect has added the key listener; a press that lands before (a busy machine, a fresh load) is the
 * browser's own and is lost. So the press waits until React has taken over the box (its DOM node carries React's
 * fiber), and is repeated after a short look while no dialog shows: the listener is added a moment after hydration, and
 * pressing again is harmless (the shortcut only ever opens the dialog). A single press right after a page load was
 * lost under load (messages.spec.ts failed once, then passed on its retry); looking a whole second after each press
 * cost about a second per fresh page.
 */
export async function openSearchWithShortcut(page: Page) {
  const dialog = page.getByRole("dialog");
  await page.waitForFunction(() => {
    const box = document.querySelector('[role="search"] [aria-keyshortcuts]');
    return box !== null && Object.keys(box).some((key) => key.startsWith("__reactFiber$"));
  });
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(dialog).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 15_000, intervals: [25, 50, 100] });
  return dialog;
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
    // Looked at again 25, 50, then every 100 ms: after a sign-in that works, until the app has moved on from the form
    // (toPass's default waits 100, 250, 500, then 1000 ms between looks, most of a second for each sign-in).
  }).toPass({ timeout: 10_000, intervals: [25, 50, 100] });
}

/**
 * A new operator of this test's own, made by the production `addOperator` as the CLI makes them (global-setup makes
 * the shared ones the same way). A test that signs out, resets a password or disables someone uses one: those end
 * every session of that operator, and the shared e2e operators' sessions are in use by the tests running beside it. A
 * stack of a spec's own (own-stack.ts) makes its three in its own database.
 */
export async function dedicatedOperator(email: string, name: string, role: SharedRole = "operator", databaseUrl = e2eState().databaseUrl) {
  const reply = await workerMaker().ask({ databaseUrl, email, name, role });
  expect(reply.error, `could not add ${email}`).toBeUndefined();
  return { email, name, password: reply.password! };
}

/**
 * Disables an operator as `npm run operator -- disable` does (the production `setOperatorDisabled`: every session of
 * theirs ends, the audit row), through this worker's maker rather than a CLI run of its own.
 */
export async function disableOperator(email: string, databaseUrl = e2eState().databaseUrl) {
  const reply = await workerMaker().ask({ databaseUrl, email, disable: true });
  expect(reply.error, `could not disable ${email}`).toBeUndefined();
}

type MakerReply = { id: number; password?: string; error?: string };
type MakerAsk = { databaseUrl: string; email: string } & ({ name: string; role: SharedRole } | { disable: true });
export type OperatorMaker = { ask(input: MakerAsk): Promise<MakerReply>; close(): void };
/** This worker's maker, started on first use: one tsx start-up per worker rather than one per operator. */
let maker: OperatorMaker | undefined;
const workerMaker = () => (maker ??= startOperatorMaker({ endsWithProcess: true }));

/**
 * Starts e2e/operators.tool.ts. `endsWithProcess`: nothing waits on it, and it ends with its stdin when this process
 * does (a Playwright worker's); otherwise `close()` ends it.
 */
export function startOperatorMaker({ endsWithProcess = false } = {}): OperatorMaker {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH };
  const child = spawn(process.execPath, [resolvePath("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/operators.tool.ts"], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  if (endsWithProcess) {
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref(): void }).unref();
  }
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4_000)));
  const waiting = new Map<number, (reply: MakerReply) => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const reply = JSON.parse(line) as MakerReply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  let exited = false;
  child.once("exit", (code) => {
    exited = true;
    for (const [id, resolve] of waiting) resolve({ id, error: `e2e/operators.tool.ts exited with ${code}:\n${stderr}` });
    waiting.clear();
    if (maker?.close === close) maker = undefined;
  });
  let next = 0;
  const close = () => void child.stdin.end();
  return {
    ask: (input) =>
      new Promise((resolve) => {
        const id = ++next;
        if (exited) return resolve({ id, error: `e2e/operators.tool.ts has exited:\n${stderr}` });
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ id, ...input })}\n`);
      }),
    close,
  };
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
