import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import postgres from "postgres";
import { formatDateTime } from "../lib/format/time";
import type { RunningSandbox } from "../sandbox/server";
import { startOwnStack, type OwnStack } from "./own-stack";
import { E2E_DIR, type SharedRole } from "./state";

// Seller onboarding end to end. On a stack of its own (sandbox, database, app with its sync worker): these tests move
// the sandbox's clock 8 days on, which the shared sandbox's other specs must never see, and the list reads the sync's
// copy. Afterwards the database, the app's log and every page rendered are searched for the onboarding links.

test.describe.configure({ mode: "serial", timeout: 90_000 });

const SCREENS = path.join(E2E_DIR, "screens");
type Role = SharedRole;

let stack: OwnStack;
let sandbox: RunningSandbox;
let sql: postgres.Sql;
let keys: OwnStack["keys"];
/** Every onboarding link the dialogs showed. */
const links: string[] = [];
/** The HTML of every page the browser was served, and of each page as it stood after its dialog closed. */
const rendered: string[] = [];
/** The admin's create-seller call as the browser sent it, for a viewer to forge. */
let createCall: { url: string; headers: Record<string, string>; body: string } | null = null;
let sellerId = "";
const businessName = `Soda Doña Rosa ${randomBytes(3).toString("hex")}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startOwnStack({ name: "market", seed: "e2e-marketplace", scale: 0.05, portOffset: 60, worker: true, live: true });
  ({ sandbox, sql, keys } = stack);
});
test.afterAll(async () => {
  await stack?.stop();
});

/** A signed-in browser context of its own; every document it is served is kept for the leak search. */
async function open(browser: Browser, who: Role, pathname: string, locale: "es" | "en" = "es"): Promise<{ page: Page; context: BrowserContext }> {
  const page = await stack.open(browser, who, pathname, {
    locale,
    context: { permissions: ["clipboard-read", "clipboard-write"] },
    onContext: (context) =>
      context.on("response", async (response) => {
        if (response.request().resourceType() === "document") rendered.push(await response.text().catch(() => ""));
      }),
  });
  return { page, context: page.context() };
}

/** The POSTs a page sends (server actions): a refused field must send none. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

const status = async (url: string) => (await fetch(url, { redirect: "manual" })).status;
const dialog = (page: Page) => page.getByTestId("onboarding-link-dialog");
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS, `marketplace-${name}.png`), fullPage: true });

/** Reads the link the dialog shows, checks Copy and the e-mail link carry it, closes the dialog: it leaves the page. */
async function takeLink(page: Page): Promise<string> {
  await expect(dialog(page)).toBeVisible();
  // One full stop after the time, whatever it ends with ("… 12:58 a. m." in Spanish, not "a. m..").
  const expires = dialog(page).getByText(/^(Vence el|Expires on) /);
  await expect(expires).toHaveText(/\.$/);
  await expect(expires).not.toHaveText(/\.\.$/);
  const url = await dialog(page).getByRole("textbox").inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/onboarding\/[\w-]+$/);
  links.push(url);
  await dialog(page).getByRole("button", { name: /Copiar enlace|Copy link/ }).click();
  await expect(dialog(page).getByRole("button", { name: /Copiado|Copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect(decodeURIComponent((await dialog(page).getByRole("link", { name: /Enviar por correo|Send by e-mail/ }).getAttribute("href")) ?? "")).toContain(url);
  await shot(page, `dialog-${links.length}`);
  // Shown once: a stray Escape leaves it open; only its buttons close it.
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: /Listo, cerrar|Done, close/ }).click();
  await expect(dialog(page)).toBeHidden();
  expect(await page.content()).not.toContain(url);
  rendered.push(await page.content());
  return url;
}

test("an admin creates a seller and sees its onboarding link once, in a dialog, with copy and e-mail", async ({ browser }) => {
  const { page } = await open(browser, "admin", "/marketplace");
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"] && request.postData()?.includes(businessName)) {
      createCall = { url: request.url(), headers: request.headers(), body: request.postData()! };
    }
  });
  await page.getByRole("button", { name: "Crear vendedor" }).click();
  const form = page.getByRole("form", { name: "Nuevo vendedor" });
  await form.getByLabel("Nombre del negocio").fill(businessName);
  await form.getByLabel("Comisión del marketplace (%)").fill("5");
  await shot(page, "create-es");
  await form.getByRole("button", { name: "Crear vendedor" }).click();
  const url = await takeLink(page);
  expect(await status(url), "the link opens the sandbox's onboarding page").toBe(200);

  const [account] = await sql<{ subject_id: string }[]>`select subject_id from audit_log where action = 'marketplace.seller_created' order by id desc limit 1`;
  sellerId = account!.subject_id;
  await page.goto(`/marketplace/${sellerId}`);
  await expect(page.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
  await expect(page.getByTestId("seller-status")).toContainText("abrir su enlace de registro");
  await expect(page.getByTestId("link-countdown")).toContainText(/Vence en (7 d|6 d 23 h)/);
  await expect(page.getByRole("definition").filter({ hasText: "Market admin" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Historial/ }).getByText("Vendedor creado")).toBeVisible();
});

test("regenerating asks first, then the sandbox reports the previous link expired; after `clock 8d` the page says expired", async ({ browser }) => {
  const { page } = await open(browser, "admin", `/marketplace/${sellerId}`);
  const previous = links.at(-1)!;
  const regenerate = page.getByRole("button", { name: "Generar enlace nuevo" });
  const confirm = page.getByRole("dialog", { name: "¿Generar un enlace de registro nuevo?" });
  // By keyboard: Enter opens the question with the focus inside, Escape closes it unanswered and the focus is back.
  await regenerate.focus();
  await page.keyboard.press("Enter");
  await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(regenerate).toBeFocused();
  await regenerate.click();
  await expect(confirm).toContainText("El enlace anterior deja de funcionar");
  await confirm.getByRole("button", { name: "Sí, generar enlace nuevo" }).click();
  const url = await takeLink(page);
  expect(url).not.toBe(previous);
  expect(await status(previous), "the previous link").toBe(410);
  expect(await status(url), "the new link").toBe(200);
  await expect(page.getByRole("region", { name: /Historial/ }).getByText(/Enlace de registro emitido/)).toBeVisible();

  const [record] = await sql<{ link_expires_at: Date; link_issued_at: Date }[]>`select link_expires_at, link_issued_at from seller_records where account_id = ${sellerId}`;
  // The new link's expiry, 7 days after it was issued, as the page writes times.
  expect(record!.link_expires_at.getTime() - record!.link_issued_at.getTime()).toBe(7 * 86_400_000);
  await expect(page.getByTestId("link-expires")).toHaveText(formatDateTime(record!.link_expires_at, "es-CR", "America/Costa_Rica"));
  await expect(page.getByTestId("link-countdown")).toContainText(/Vence en (7 d|6 d 23 h)/);

  const moved = await fetch(`${sandbox.url}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance: "8d" }) });
  expect(moved.status).toBe(200);
  expect(await status(url), "7 days of sandbox time expire the link").toBe(410);
  await page.reload();
  await expect(page.getByText("Vencido", { exact: true })).toBeVisible();
  await shot(page, "detail-expired-es");
});

test("a bad name, fee or weekly amount shows a field error and sends nothing", async ({ browser }) => {
  const { page } = await open(browser, "admin", "/marketplace");
  const posts = countPosts(page);
  await page.getByRole("button", { name: "Crear vendedor" }).click();
  const form = page.getByRole("form", { name: "Nuevo vendedor" });
  const name = form.getByLabel("Nombre del negocio");
  const fee = form.getByLabel("Comisión del marketplace (%)");
  const submit = form.getByRole("button", { name: "Crear vendedor" });
  await name.fill("x".repeat(51));
  await fee.fill("5");
  await submit.click();
  await expect(form.getByText("El nombre admite como máximo 50 caracteres.")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await name.fill("Taller El Rayo");
  for (const [typed, message] of [
    ["100.001", "Escribe un porcentaje con hasta dos decimales"],
    ["-1", "La comisión no puede ser negativa."],
  ] as const) {
    await fee.fill(typed);
    await submit.click();
    await expect(form.getByText(message)).toBeVisible();
    await expect(fee).toHaveAttribute("aria-invalid", "true");
  }
  await shot(page, "create-errors-es");
  expect(posts, "nothing was sent").toEqual([]);

  await page.goto(`/marketplace/${sellerId}`);
  const weekly = page.getByRole("form", { name: "Cuota semanal" });
  await weekly.getByLabel("Cobrar una cuota semanal").check();
  await weekly.getByLabel("Moneda").selectOption("USD");
  const amount = weekly.getByLabel("Monto semanal");
  for (const [typed, message] of [
    ["0", "El monto debe ser mayor que cero."],
    // 2,147,483,648 cents: one over the service's largest amount.
    ["21474836.48", "En unidades mínimas el monto va de 1 a 2 147 483 647."],
  ] as const) {
    await amount.fill(typed);
    await weekly.getByRole("button", { name: "Guardar cuota" }).click();
    await expect(weekly.getByText(message)).toBeVisible();
  }
  expect(posts, "nothing was sent").toEqual([]);

  await amount.fill("25,50");
  await weekly.getByRole("button", { name: "Guardar cuota" }).click();
  await expect(weekly.getByText("Cuota guardada.")).toBeVisible();
  await expect(page.getByTestId("weekly-fee-current")).toContainText("25,50");
  await weekly.getByLabel("Cobrar una cuota semanal").uncheck();
  await weekly.getByRole("button", { name: "Guardar cuota" }).click();
  await expect(page.getByTestId("weekly-fee-current")).toHaveText("Sin cuota semanal");
  const actions = await sql<{ action: string; after: { enabled: boolean; amount: string | null; currency: string | null } }[]>`
    select action, after from audit_log where subject_id = ${sellerId} and action = 'marketplace.weekly_fee_set' order by id`;
  expect(actions.map((row) => row.after)).toEqual([
    { enabled: true, amount: "2550", currency: "USD" },
    { enabled: false, amount: null, currency: null },
  ]);
});

test("viewers and operators see the seller without the actions, and a forged create is refused", async ({ browser }) => {
  for (const who of ["viewer", "operator"] as const) {
    const { page, context } = await open(browser, who, `/marketplace/${sellerId}`);
    await expect(page.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
    await expect(page.getByText("Solo un administrador puede")).toBeVisible();
    await expect(page.getByRole("button", { name: "Generar enlace nuevo" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Cuota semanal" })).toHaveCount(0);
    await page.goto("/marketplace");
    await expect(page.getByRole("button", { name: "Crear vendedor" })).toHaveCount(0);
    await expect(page.getByTestId("view-only")).toHaveText("Solo un administrador puede crear vendedores, generar enlaces o cambiar la cuota semanal.");

    // The admin's own call, sent with this operator's session and another name.
    expect(createCall).not.toBeNull();
    const forgedName = `Forged ${who}`;
    const headers = { "next-action": createCall!.headers["next-action"]!, "content-type": createCall!.headers["content-type"]!, accept: "text/x-component" };
    const response = await context.request.post(createCall!.url, { headers, data: createCall!.body.replace(businessName, forgedName) });
    expect(response.status()).toBe(403);
    const listed = await fetch(`${sandbox.url}/v1/connected-accounts?limit=100`, { headers: { authorization: `Bearer ${keys.test}` } }).then((r) => r.json() as Promise<{ data: { businessName: string }[] }>);
    expect(listed.data.map((account) => account.businessName)).not.toContain(forgedName);
    await context.close();
  }
});

test("the onboarding-progress scenario moves the seller to active, and the list's status filter finds it there", async ({ browser }) => {
  // The copy holds the seller as created (an incremental pass reads it now), then the service moves it on.
  await stack.sync({ resources: ["accounts"] });
  for (const expected of ["awaiting_approval", "active"]) {
    await stack.scenario("seller-onboarding-progress", { accountId: sellerId });
    const account = await fetch(`${sandbox.url}/v1/connected-accounts/${sellerId}`, { headers: { authorization: `Bearer ${keys.test}` } }).then((r) => r.json() as Promise<{ status: string }>);
    expect(account.status).toBe(expected);
  }
  // Until the copy is read again, the list and the seller's page (read from the service) disagree: the page says so.
  const seller = await open(browser, "viewer", `/marketplace/${sellerId}`);
  await expect(seller.page.getByTestId("seller-listed-differs")).toHaveText(/^En la lista figura «Registro pendiente» \(copia de hace \d+ (segundos?|minutos?)\); el servicio dice «Activa»\.$/);
  await shot(seller.page, "detail-differs-es");

  // The worker re-reads accounts every few minutes; the sync's CLI does it now.
  await stack.sync({ resources: ["accounts"], refresh: true });
  await seller.page.reload();
  await expect(seller.page.getByTestId("seller-status")).toBeVisible();
  await expect(seller.page.getByTestId("seller-listed-differs")).toHaveCount(0);

  const { page } = await open(browser, "viewer", "/marketplace");
  // The list says how fresh its copy is: the end of the re-read just run.
  await expect(page.getByTestId("synced-note")).toHaveText(/^Copia local de cuentas conectadas·al día hace \d+ segundos?$/);
  await expect(page.getByTestId("count-active")).toBeVisible();
  // Each tile's word agrees with its number, as the stuck tile's does: "1 Activo", "0 Eliminados", never "2 Activa".
  for (const [tile, one, other] of [["active", "Activo", "Activos"], ["deleted", "Eliminado", "Eliminados"], ["stuck", "Atascado", "Atascados"]] as const) {
    const figure = Number((await page.getByTestId(`count-${tile}`).locator("span").first().textContent())?.replace(/\D/g, ""));
    await expect(page.getByTestId(`count-${tile}`).locator("span").last()).toHaveText(figure === 1 ? one : other);
  }
  // A stuck seller's own page says so too, with how long ago its account was created.
  const stuck = Number((await page.getByTestId("count-stuck").locator("span").first().textContent())?.replace(/\D/g, ""));
  expect(stuck, "the seed has sellers stuck in onboarding").toBeGreaterThan(0);
  await page.goto("/marketplace?flag=stuck");
  await page.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page.getByTestId("seller-stuck")).toHaveText("Atascado");
  await expect(page.getByTestId("seller-pending-since")).toHaveText(/^Registro pendiente: la cuenta se creó (hace .+|el mes pasado|el año pasado|la semana pasada)\.$/);
  await page.goto("/marketplace");
  await page.getByLabel("Estado").selectOption("active");
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByRole("row").filter({ hasText: businessName })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: businessName })).toContainText("Activa");
  await page.getByLabel("Estado").selectOption("pending_onboarding");
  await expect(page.getByRole("row").filter({ hasText: businessName })).toHaveCount(0);
  await shot(page, "list-es");

  const english = await open(browser, "admin", `/marketplace/${sellerId}`, "en");
  await expect(english.page.getByText("The account is approved and can receive payments.")).toBeVisible();
  await shot(english.page, "detail-en");
  await english.page.goto("/marketplace");
  await expect(english.page.getByTestId("synced-note")).toHaveText(/^Local copy of connected accounts·up to date \d+ seconds? ago$/);
  await english.page.getByRole("button", { name: "Create seller" }).click();
  await shot(english.page, "create-en");
});

test("the onboarding links appear nowhere: not in the database, the server's log or any page rendered", async () => {
  expect(links.length).toBe(2);
  const secrets = links.flatMap((url) => [url, new URL(url).pathname.split("/").pop()!]);
  const tables = await sql<{ table_schema: string; table_name: string }[]>`
    select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`;
  expect(tables.length).toBeGreaterThan(10);
  for (const { table_schema, table_name } of tables) {
    const rows = await sql`select * from ${sql(table_schema)}.${sql(table_name)}`;
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text.includes(secret), `${table_schema}.${table_name}`).toBe(false);
  }
  const log = readFileSync(stack.logFile, "utf8");
  expect(log.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(log.includes(secret), "the server's log").toBe(false);
  expect(rendered.length).toBeGreaterThan(8);
  for (const html of rendered) for (const secret of secrets) expect(html.includes(secret), "a rendered page").toBe(false);
});
