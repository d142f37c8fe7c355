import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import postgres from "postgres";
import { startAppServer, type AppServer } from "./app-server";
import { submitSignIn } from "./helpers";
import { E2E_DIR, E2E_PORT, e2eState } from "./state";

// Finding 6 of issue 10 (part): X-Forwarded-For was believed as sent, so a client chose the address its sign-in tries
// were recorded and locked under. Against the real server: the run's app trusts no proxy; a second app on the same
// build and database trusts 127.0.0.1, as it would trust the reverse proxy in front of it.
let trustingApp: AppServer;
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  const state = e2eState();
  trustingApp = await startAppServer({
    port: { from: E2E_PORT + 30 },
    logFile: path.join(E2E_DIR, "server-trusted-proxy.log"),
    env: { ...state.secrets, DATABASE_URL: state.databaseUrl, PAYMENT_API_URL: state.sandboxURL, TRUSTED_PROXIES: "127.0.0.1, ::1" },
  });
});

test.afterAll(async () => {
  await trustingApp?.stop();
});

/** A failed sign-in through Auth.js's own endpoint, with the given extra headers; returns the address it was recorded under. */
async function failedSignInRecordedAs(request: APIRequestContext, baseURL: string, email: string, headers: Record<string, string>) {
  const { csrfToken } = (await (await request.get(`${baseURL}/api/auth/csrf`)).json()) as { csrfToken: string };
  const response = await request.post(`${baseURL}/api/auth/callback/credentials`, {
    form: { email, password: "not-the-password", csrfToken, callbackUrl: "/" },
    headers,
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  const sql = postgres(e2eState().databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ ip: string | null }[]>`select ip from sign_in_attempts where email = ${email} order by id desc limit 1`;
    return row?.ip;
  } finally {
    await sql.end();
  }
}

test("from a client that is not a trusted proxy, a forged X-Forwarded-For changes nothing", async ({ request, baseURL }) => {
  const email = "e2e-xff-untrusted@example.com";
  expect(await failedSignInRecordedAs(request, baseURL!, email, { "X-Forwarded-For": "203.0.113.7" })).toBe("127.0.0.1");
  // Nor does the app's private header, sent from outside: the server overwrites it.
  expect(await failedSignInRecordedAs(request, baseURL!, email, { "X-Backoffice-Client-Address": "203.0.113.8", "X-Real-IP": "203.0.113.9" })).toBe("127.0.0.1");
});

test("the sign-in form records the socket's address too, whatever the browser sends", async ({ browser }) => {
  const email = "e2e-xff-form@example.com";
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await submitSignIn(page, email, "not-the-password");
  const sql = postgres(e2eState().databaseUrl, { max: 1 });
  try {
    expect(await sql`select ip from sign_in_attempts where email = ${email}`).toEqual([{ ip: "127.0.0.1" }]);
  } finally {
    await sql.end();
    await context.close();
  }
});

test("a new forged address on every try does not escape the lock of the real one", async ({ request, baseURL }) => {
  const email = "e2e-xff-rotating@example.com";
  for (let i = 1; i <= 5; i++) await failedSignInRecordedAs(request, baseURL!, email, { "X-Forwarded-For": `198.51.100.${i}` });
  const sql = postgres(e2eState().databaseUrl, { max: 1 });
  try {
    await failedSignInRecordedAs(request, baseURL!, email, { "X-Forwarded-For": "198.51.100.6" });
    const rows = await sql<{ outcome: string; ip: string }[]>`select outcome, ip from sign_in_attempts where email = ${email} order by id`;
    expect(rows.map((row) => row.ip)).toEqual(Array(6).fill("127.0.0.1"));
    expect(rows.at(-1)?.outcome).toBe("locked");
  } finally {
    await sql.end();
  }
});

test("behind a trusted proxy, the address the proxy saw is recorded, not one the client prepended", async ({ request }) => {
  const email = "e2e-xff-trusted@example.com";
  expect(await failedSignInRecordedAs(request, trustingApp.baseURL, email, { "X-Forwarded-For": "203.0.113.7" })).toBe("203.0.113.7");
  expect(await failedSignInRecordedAs(request, trustingApp.baseURL, email, { "X-Forwarded-For": "192.0.2.66, 203.0.113.8" })).toBe("203.0.113.8");
  // No header: the proxy itself is the client.
  expect(await failedSignInRecordedAs(request, trustingApp.baseURL, email, {})).toBe("127.0.0.1");
});
