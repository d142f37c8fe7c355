import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIResponse } from "@playwright/test";
import { addSession, signIn } from "./helpers";
import { e2eState } from "./state";

// The headers every answer carries in production, and what they do in a real browser: a cross-site frame of the
// sign-in page stays empty; a page's scripts run with its nonce; a cross-site server action is refused with 403.

function expectStaticHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  // Served over plain HTTP here: no HSTS (see the X-Forwarded-Proto test below).
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

const directives = (policy: string | undefined) =>
  new Map((policy ?? "").split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

test("a page: static headers and a CSP whose scripts run only with a fresh nonce, never eval or inline", async ({ request }) => {
  const first = await request.get("/sign-in");
  expect(first.status()).toBe(200);
  expectStaticHeaders(first, "/sign-in");
  const policy = directives(first.headers()["content-security-policy"]);
  const scripts = policy.get("script-src") ?? [];
  expect(scripts).toEqual(expect.arrayContaining(["'self'", "'strict-dynamic'"]));
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(policy.get("style-src")).not.toContain("'unsafe-inline'");
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  const nonce = scripts.find((value) => value.startsWith("'nonce-"))!;
  expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
  // Next stamped this response's nonce on its own scripts.
  expect(await first.text()).toContain(`nonce="${nonce.slice(7, -1)}"`);
  const second = directives((await request.get("/sign-in")).headers()["content-security-policy"]);
  expect(second.get("script-src")).not.toContain(nonce);
});

test("API answers: no-store and a policy that loads nothing — signed in, signed out, and the routes the proxy skips", async ({ page, request }) => {
  await signIn(page, "viewer");
  // A route's own answer to a signed-in operator (the export route checks the session, then refuses an unknown list),
  // with no export started: the viewer's one export at a time belongs to export.spec.ts.
  const answer = await page.request.get("/api/export/no-such-list");
  expect(answer.status()).toBe(404);
  expectStaticHeaders(answer, "signed-in API answer");
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

  const signedOut = await request.get("/api/export/no-such-list");
  expect(signedOut.status()).toBe(401);
  expect(signedOut.headers()["cache-control"]).toBe("no-store");

  // The webhook route (its own secret; outside the proxy): refused, and with the same headers.
  const webhook = await request.post("/api/webhooks/test", { data: { type: "payment-intent.succeeded" } });
  expect(webhook.status()).toBe(401);
  expectStaticHeaders(webhook, "webhook");
  expect(webhook.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  const health = await request.get("/api/health");
  expectStaticHeaders(health, "health");
  expect(health.headers()["cache-control"]).toBe("no-store");
});

test("a static file from the build carries the static headers", async ({ request }) => {
  const html = await (await request.get("/sign-in")).text();
  const script = html.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(script, "a script of the build in the page").toBeTruthy();
  const file = await request.get(script!);
  expect(file.status()).toBe(200);
  expectStaticHeaders(file, script!);
});

test("HSTS is sent when the proxy in front says the browser came over HTTPS", async ({ request }) => {
  for (const path of ["/sign-in", "/api/health", "/favicon.ico"]) {
    const response = await request.get(path, { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers()["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
  }
  const page = await request.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
  expect(page.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
});

test.describe("framed by another site", () => {
  let server: Server;
  let embedder: string;
  test.beforeAll(async () => {
    // Another site (localhost against the app's 127.0.0.1) that frames the sign-in page, as a phishing page would.
    const target = `${e2eState().baseURL}/sign-in`;
    server = createServer((_, response) => {
      response.setHeader("content-type", "text/html");
      response.end(`<!doctype html><title>elsewhere</title><h1>Another site</h1><iframe id="victim" src="${target}" width="600" height="500"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    embedder = `http://localhost:${(server.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("the sign-in page does not render inside a cross-site iframe", async ({ page }) => {
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refusals.push(message.text());
    });
    const framed = page.waitForResponse((response) => new URL(response.url()).pathname === "/sign-in");
    await page.goto(embedder);
    await expect(page.getByRole("heading", { name: "Another site" })).toBeVisible();
    expect((await framed).status()).toBe(200);
    // The browser fetched the page and refused to show it: the frame never gets the form.
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    const frame = page.frameLocator("#victim");
    await expect(frame.getByRole("heading", { name: "Iniciar sesión" })).toHaveCount(0);
    await expect(frame.getByLabel("Contraseña")).toHaveCount(0);
  });
});

test("a server action posted from another site is refused with 403; the same call from this site still runs", async ({ page }) => {
  await page.goto("/sign-in");
  // A real action call (the language switch) as the page makes it, to replay with another Origin.
  const [actionRequest] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click(),
  ]);
  const headers = await actionRequest.allHeaders();
  const replay = (origin: string) =>
    page.request.post(actionRequest.url(), {
      headers: { "next-action": headers["next-action"]!, "content-type": headers["content-type"]!, accept: "text/x-component", origin },
      data: actionRequest.postData() ?? "",
    });
  const crossSite = await replay("https://evil.example");
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toMatchObject({ error: "forbidden" });
  expect((await replay("null")).status()).toBe(403);
  expect((await replay(new URL(actionRequest.url()).origin)).status()).toBe(200);
});

test("a page whose path ends in a file's extension is a page: nonced CSP, the proxy's sign-in and its cross-site check", async ({ page, request }) => {
  await page.goto("/sign-in");
  const [actionRequest] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click(),
  ]);
  const headers = await actionRequest.allHeaders();
  await signIn(page, "viewer");
  // These went around the proxy and the server's CSP (matched as static files by their extension).
  for (const path of ["/reconciliation/transfers/abc.js", "/payments/pi_x.png", "/events/1.txt"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    const policy = directives(answer.headers()["content-security-policy"]);
    const nonce = (policy.get("script-src") ?? []).find((value) => value.startsWith("'nonce-"));
    expect(nonce, `${path}: a nonced policy`).toBeTruthy();
    const html = await answer.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce!.slice(7, -1)}"`)), `${path}: scripts without the nonce`).toEqual([]);

    // A forged action from another site, with the victim's cookies, on that path: refused before it runs.
    const crossSite = await page.request.post(path, {
      headers: { "next-action": headers["next-action"]!, "content-type": headers["content-type"]!, accept: "text/x-component", origin: "https://evil.example" },
      data: actionRequest.postData() ?? "",
    });
    expect(crossSite.status(), path).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: "forbidden" });

    // Signed out, the proxy sends it to sign in, as any other page.
    const signedOut = await request.get(path, { maxRedirects: 0 });
    expect(signedOut.status(), path).toBe(307);
    expect(signedOut.headers()["location"], path).toContain("/sign-in");
  }
});

test("a path with a malformed %-escape is the client's mistake: 400 with the static headers, not the router's 500", async ({ page, request }) => {
  // Signed in, such a path reached Next's router and its 500; signed out, the proxy's redirect to sign in.
  await addSession(page.context(), "operator");
  for (const path of ["/payments/%E0%A4%A", "/customers/%", "/transfers/%FF"]) {
    expect((await page.request.get(path, { maxRedirects: 0 })).status(), `${path} signed in`).toBe(400);
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expectStaticHeaders(response, path);
    expect(await response.text(), path).toContain("malformed %-escape");
  }
  // A query string is the page's to read: the same escape there does not stop the request.
  expect((await request.get("/sign-in?x=%E0%A4%A", { maxRedirects: 0 })).status()).toBe(200);
});
