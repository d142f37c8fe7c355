import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { dedicatedOperator, disableOperator, signInAlert, signInAs, submitSignIn } from "./helpers";
import { fromService } from "./sandbox";
import { e2eState } from "./state";

const DASHBOARD_PAGES = ["/", "/payments", "/customers", "/subscriptions", "/renewals", "/transfers", "/reconciliation", "/marketplace", "/products", "/events", "/search", "/settings"];

test("signs in with the printed credentials and shows the shell in Spanish", { tag: "@smoke" }, async ({ page }) => {
  // Through the form, with the password the CLI printed (the other specs reuse a session signed in once: helpers' signIn).
  const admin = e2eState().operators.admin;
  await signInAs(page, admin);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  for (const label of ["Resumen", "Pagos", "Clientes", "Suscripciones", "Renovaciones", "Renovaciones fallidas", "Transferencias SINPE", "Conciliación", "Marketplace", "Productos", "Eventos", "Configuración"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Resumen" })).toBeVisible();
  await page.getByRole("button", { name: "Menú de la cuenta" }).click();
  await expect(page.getByRole("menu")).toContainText(admin.email);
  await expect(page.getByRole("menu")).toContainText("Rol: Administrador");
});

test("a wrong password shows an error and keeps the operator on the sign-in page", async ({ page }) => {
  const { email } = e2eState().operators.operator;
  await page.goto("/sign-in");
  await submitSignIn(page, email, "not-the-password");
  await expect(signInAlert(page)).toHaveText("Correo o contraseña incorrectos.");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
});

test("five failed sign-ins lock the account for 15 minutes, even for the right password", async ({ page }) => {
  const { email, password } = e2eState().operators.lockout;
  await page.goto("/sign-in");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await submitSignIn(page, email, `wrong-${attempt}`);
    const expected = attempt < 5 ? "Correo o contraseña incorrectos." : /bloqueada 15 minutos más/;
    await expect(signInAlert(page)).toHaveText(expected);
  }
  await submitSignIn(page, email, password);
  await expect(signInAlert(page)).toHaveText(/Demasiados intentos fallidos.*bloqueada 1[45] minutos más/);
  await expect(page).toHaveURL(/\/sign-in/);
});

test("signing out ends the session", async ({ page }) => {
  await signInAs(page, await dedicatedOperator("e2e-signs-out@example.com", "Marco Vargas"));
  await page.getByRole("button", { name: "Menú de la cuenta" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/payments");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fpayments/);
  expect((await page.request.get("/api/export/events")).status()).toBe(401);
});

test("a signed-out deep link returns there after sign-in", async ({ page }) => {
  await page.goto("/transfers?status=received&limit=25");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await signInAs(page, e2eState().operators.viewer, page.url());
  await expect(page).toHaveURL(/\/transfers\?status=received&limit=25$/);
  await expect(page.getByRole("heading", { name: "Transferencias SINPE" })).toBeVisible();
});

test("a callback to another site is ignored", async ({ page }) => {
  await signInAs(page, e2eState().operators.viewer, "/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("every dashboard page redirects a signed-out visitor to sign-in", async ({ request }) => {
  for (const path of DASHBOARD_PAGES) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers().location, path).toMatch(/\/sign-in/);
  }
});

test("API routes answer 401 when signed out, except auth and webhooks", async ({ request }) => {
  for (const path of ["/api/export/events", "/api/anything/else"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(401);
    expect(await response.json()).toMatchObject({ error: "unauthorized" });
  }
  expect((await request.get("/api/auth/session")).status()).toBe(200);
  // Webhooks need no session, only their secret.
  const webhook = await request.post("/api/webhooks/test", {
    headers: { "x-webhook-secret": e2eState().secrets.WEBHOOK_SECRET_TEST! },
    data: { type: "mobile-transfer.received", data: { amount: 100000, currency: "CRC", description: "", SINPERefNumber: "2026112100000000000009999", originId: "01-2345-6789", originName: "Ana Mora", originPhone: "8888-7777", authorizationDate: "2026-11-21T15:00:00.000Z" } },
  });
  expect(webhook.status()).toBe(200);
});

test("a cookie that holds no session (expired, forged) gets the 401 screen and its sign-in link; an API route a 401", async ({ browser }) => {
  // The proxy runs only for requests without a session cookie (proxy.ts's matcher): with one, each page's own check decides.
  const context = await browser.newContext();
  await context.addCookies([{ name: "authjs.session-token", value: "not-a-session", url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const response = await page.goto("/payments");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Tu sesión terminó" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute("href", "/sign-in");
  await expect(page.getByRole("table")).toHaveCount(0);
  const api = await page.request.get("/api/export/events");
  expect(api.status()).toBe(401);
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  await context.close();
});

test("an operator disabled mid-session sees nothing more from the service, though pages now ask it before their check", async ({ browser, request }) => {
  const { logFile } = e2eState();
  const person = await dedicatedOperator("e2e-disabled@example.com", "Diego Solano");
  const { data: intents } = await fromService<{ data: { id: string; customer?: { id: string; name: string } | null }[] }>(request, "/v1/payment-intents/account?limit=10");
  const intent = intents.find((item) => item.customer?.name)!;
  const page = await (await browser.newContext()).newPage();
  await page.goto("/sign-in");
  await submitSignIn(page, person.email, person.password);
  await page.goto(`/payments/${intent.id}`);
  await expect(page.getByText(intent.customer!.name).first()).toBeVisible();
  const logBefore = readFileSync(logFile, "utf8").length;

  await disableOperator(person.email);
  // The session cookie is still valid, so the proxy lets these through: each page's own check must refuse them.
  for (const path of ["/payments", `/payments/${intent.id}`, `/customers/${intent.customer!.id}`, "/transfers"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(401);
    await expect(page.getByRole("heading", { name: "Tu sesión terminó" }), path).toBeVisible();
    await expect(page.getByText(intent.customer!.name), path).toHaveCount(0);
    await expect(page.getByRole("table"), path).toHaveCount(0);
  }
  // The reads that started before the check are dropped quietly: nothing is reported as an unhandled rejection. (The
  // log reaches the file through a pipe: give the last page's output a moment to land before reading it.)
  await page.waitForTimeout(500);
  expect(readFileSync(logFile, "utf8").slice(logBefore)).not.toMatch(/unhandled/i);
});
