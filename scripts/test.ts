// npm test — unit and integration tests (Vitest, real PostgreSQL), then end-to-end tests (Playwright, real Chromium).
// One database server serves both: DATABASE_URL when set, otherwise an embedded PostgreSQL under .data/pg-test.
// Every suite creates fresh databases on that server and drops them afterwards; it never writes to DATABASE_URL's own.
// `npm test -- --smoke`: what depends most on which server it is, the integration and end-to-end tests tagged @smoke.
// CI runs the whole suite against the machine's PostgreSQL and the smoke set against an embedded one (another major
// version): the whole integration suite again there took ~130 s of CI's 15 minutes on a 2-core machine.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR } from "./lib/dev-state";
import { ensurePostgres } from "./lib/postgres";

function run(label: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  console.log(`\n[test] ${label}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env });
    child.on("close", (code) => resolve(code === 0));
  });
}

/**
 * The integration test files tagged @smoke: a `// @smoke: <why>` line in the file, the end-to-end tests' tag as a
 * comment (Vitest has no tags). They are what a server of another version or locale could answer differently: the
 * collation, the locale's functions, the rules' and the triggers' SQL, the sync's and the webhooks' writes, the
 * embedded server itself.
 */
function smokeIntegrationFiles(dir = "."): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", ".next", ".data", ".git"].includes(entry.name) ? [] : smokeIntegrationFiles(file);
    return entry.name.endsWith(".int.test.ts") && /^\/\/ @smoke\b/m.test(readFileSync(file, "utf8")) ? [file] : [];
  });
}

const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-test"), preferredPort: 54330, log: (l) => console.log(`[test] ${l}`) });
console.log(`[test] PostgreSQL: ${server.embedded ? "embedded (DATABASE_URL is unset)" : "DATABASE_URL"}`);
const env = { ...process.env, DATABASE_URL: server.url, NEXT_TELEMETRY_DISABLED: "1" };

const smoke = process.argv.slice(2).includes("--smoke");
const unknown = process.argv.slice(2).filter((arg) => arg !== "--smoke");
if (unknown.length > 0) {
  console.error(`[test] unknown argument(s): ${unknown.join(" ")} (the only one is --smoke)`);
  process.exit(2);
}

let ok = false;
try {
  ok = smoke
    ? (await run("vitest: integration tagged @smoke", ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...smokeIntegrationFiles()], env)) &&
      (await run("playwright: end-to-end tagged @smoke", ["node_modules/@playwright/test/cli.js", "test", "--grep", "@smoke"], env))
    : (await run("vitest: unit + integration", ["node_modules/vitest/vitest.mjs", "run"], env)) &&
      (await run("playwright: end-to-end", ["node_modules/@playwright/test/cli.js", "test"], env));
} finally {
  await server.stop();
}
console.log(ok ? "\n[test] all suites passed" : "\n[test] FAILED");
process.exit(ok ? 0 : 1);
