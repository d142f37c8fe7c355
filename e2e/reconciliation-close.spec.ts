import path from "node:path";
import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import postgres from "postgres";
import { localDay } from "../lib/local-days";
import { formatMoney } from "../lib/format/money";
import { UNRECONCILED_TRANSFER_STATUSES } from "../lib/payments/values";
import { runScript } from "../scripts/lib/run-script";
import type { RunningSandbox } from "../sandbox/server";
import { keepClearOfMidnight } from "./midnight";
import { startOwnStack, type OwnStack, type StackPerson } from "./own-stack";
import { E2E_DIR, type SharedRole } from "./state";

// Period close on an app, database and sandbox of its own: closing today's colones would otherwise ask every other
// spec's decisions for a reason. The sandbox's scenarios make today's transfers; the production sync and rules copy
// and match them, and operators decide through the production decision functions (e2e/reconciliation-close.tool.ts).
// The page must add up to the colón against the sandbox's own API, record who closed it, refuse a viewer's forged
// close, and flag a later decision, which needs a reason.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const ZONE = "America/Costa_Rica";
const SCREENS = path.join(E2E_DIR, "screens");
type Person = StackPerson;

let stack: OwnStack;
let sandbox: RunningSandbox;
let sql: postgres.Sql;
let databaseUrl = "";
let keys: OwnStack["keys"];
let people: OwnStack["people"];
/** The day the spec's transfers were made (in Costa Rica), read from them once they exist: "today" when the tests ran. */
let day = "";
const today = () => day;
const closeUrl = () => `/reconciliation/close?kind=day&date=${today()}&currency=CRC`;
/** What the viewer forges: the admin's own close call, captured as the browser sent it. */
let closeCall: Request | undefined;
let confirmedByOperator = 0;
let split: Record<string, string> = {};

async function tool(...args: string[]) {
  const run = await runScript("e2e/reconciliation-close.tool.ts", args, { PATH: process.env.PATH, NODE_ENV: "development" });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { ok?: boolean; error?: string };
}
const decide = (who: Person, action: string, input: object) => tool("decide", databaseUrl, who.email, action, JSON.stringify({ mode: "test", ...input }));

const scenario = (name: string) => stack.scenario(name);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The day's transfers are made now and read as that day, still open: not across midnight in Costa Rica.
  await keepClearOfMidnight(600_000, (wait) => test.setTimeout(wait + 180_000));
  stack = await startOwnStack({ name: "close", seed: "e2e-close", scale: 0.02, portOffset: 55 });
  ({ sandbox, sql, databaseUrl, keys, people } = stack);

  // Today, in every state: linked by the service, suggested (three), stray (two).
  const linked = await scenario("sinpe-transfer-linked");
  const [made] = (await stack.service<{ data: { authorizationDate: string }[] }>(`/v1/mobile-transfers/list?SINPERefNumber=${linked.SINPERefNumber}`)).data;
  day = localDay(new Date(made!.authorizationDate), ZONE);
  expect(day, "the sandbox dates its scenarios by this machine's clock").toBe(localDay(new Date(), ZONE));
  const suggested = [await scenario("sinpe-transfer-unlinked-matching"), await scenario("sinpe-transfer-unlinked-matching"), await scenario("sinpe-transfer-unlinked-matching")];
  const strays = [await scenario("stray-transfer"), await scenario("stray-transfer")];
  split = await scenario("sinpe-split-payment");
  await tool("sync", databaseUrl, sandbox.url, keys.test);
  const suggestionOf = async (created: Record<string, string>) => {
    const [row] = await sql<{ id: number }[]>`select m.id::int as id from reconciliation_matches m join reconciliation_match_transfers mt on mt.match_id = m.id
      where m.state = 'suggested' and m.payment_intent_id = ${created.matchingPaymentIntentId!} and mt.sinpe_ref_number = ${created.SINPERefNumber!}`;
    expect(row, `a suggestion for ${created.SINPERefNumber}`).toBeDefined();
    return row!.id;
  };
  confirmedByOperator = await suggestionOf(suggested[0]!);
  expect(await decide(people.operator, "confirm", { matchId: confirmedByOperator })).toMatchObject({ ok: true });
  expect(await decide(people.operator, "reject", { matchId: await suggestionOf(suggested[1]!) })).toMatchObject({ ok: true });
  expect(await decide(people.operator, "accept", { ref: strays[0]!.SINPERefNumber, note: "Donación" })).toMatchObject({ ok: true });
  // A split payment confirmed as one set of two transfers.
  const [set] = await sql<{ id: number }[]>`select id::int as id from reconciliation_matches where state = 'suggested' and rule = 'split_payment' and payment_intent_id = ${split.paymentIntentId!}`;
  expect(await decide(people.operator, "confirm", { matchId: set!.id })).toMatchObject({ ok: true });
});
test.afterAll(async () => {
  await stack?.stop();
});

const open = (browser: Browser, who: SharedRole, pathname: string, locale: "es" | "en" = "es") => stack.open(browser, who, pathname, { locale });

type Transfer = { id: string; amount: number; currency: string; status: string; authorizationDate: string | null; createdAt: string };
/** Today's colones received, by the sandbox's own API: what the page's first line must say. */
async function receivedToday() {
  const all = await stack.listAll<Transfer>("/v1/mobile-transfers/list");
  const money = (UNRECONCILED_TRANSFER_STATUSES as readonly string[]);
  const mine = all.filter((t) => t.currency === "CRC" && money.includes(t.status) && localDay(new Date(t.authorizationDate ?? t.createdAt), ZONE) === today());
  return { count: mine.length, amount: mine.reduce((sum, t) => sum + t.amount, 0) };
}

/** RFC 4180 rows: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  return text.replace(/^\uFEFF/, "").trim().split(/\r\n/).map((row) => [...row.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => m[1]?.replace(/""/g, '"') ?? m[2] ?? ""));
}

const line = (page: Page, key: string) => page.locator(`tr[data-line="${key}"]`);

test("a day with a decision in every state adds up to the colón, against the sandbox's own figures and in the CSV", async ({ browser }) => {
  const page = await open(browser, "admin", closeUrl());
  await expect(page.getByRole("heading", { name: "Cierre de período" })).toBeVisible();
  const received = await receivedToday();
  expect(received.count).toBeGreaterThanOrEqual(6);
  await expect(line(page, "received")).toContainText(formatMoney(received.amount, "CRC", "es-CR"));
  await expect(line(page, "received").locator("td").first()).toHaveText(String(received.count));
  await expect(page.getByTestId("add-up")).toHaveText(/Las cifras cuadran/);
  for (const key of ["confirmed", "accepted", "suggested", "unmatched"]) await expect(line(page, key).locator("td").first()).not.toHaveText("0");
  await expect(line(page, "accounted")).toContainText(formatMoney(received.amount, "CRC", "es-CR"));
  // The time zone by its place, as the lists name it; the lines in the words the queues and the decisions use.
  await expect(page.getByText("Fechas según la hora de Costa Rica.")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("America/Costa_Rica");
  await expect(line(page, "confirmed").getByRole("rowheader")).toHaveText("Confirmado contra pagos");
  await expect(line(page, "accepted").getByRole("rowheader")).toHaveText("Aceptado sin coincidencia");

  // The accountant's file: one row per transfer received today, summing to the same colones.
  const csv = await page.request.get(closeUrl().replace("/close?", "/close/export?"));
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain(`reconciliation-close_day_${today()}_CRC`);
  const rows = parseCsv(await csv.text());
  const header = rows[0]!;
  expect(header).toEqual(expect.arrayContaining(["Referencia SINPE", `Pagado (${ZONE})`, "Intento de pago", "Decidido por", "Nota"]));
  const amount = header.indexOf("Monto");
  const total = rows.slice(1).reduce((sum, r) => sum + Math.round(Number(r[amount]) * 100), 0);
  expect(rows.length - 1).toBe(received.count);
  expect(total).toBe(received.amount);
  expect(rows.some((r) => r.includes("Close operator") && r.includes("Confirmado"))).toBe(true);
  expect(rows.some((r) => r.includes("Donación") && r.includes("Aceptado sin coincidencia"))).toBe(true);
  // One currency column; a split payment's two rows share their reconciliation, whose payment's amount is written once,
  // so the column sums to what the payments were worth.
  expect(header.filter((name) => name === "Moneda")).toHaveLength(1);
  const [refCol, matchCol, sizeCol, intentCol] = ["Referencia SINPE", "N.º de conciliación", "Transferencias de la conciliación", "Monto del intento"].map((name) => header.indexOf(name));
  const setRows = rows.filter((r) => r[refCol!] === split.firstSINPERefNumber || r[refCol!] === split.secondSINPERefNumber);
  expect(setRows).toHaveLength(2);
  expect(setRows[0]![matchCol!]).toBe(setRows[1]![matchCol!]);
  expect(setRows.map((r) => r[sizeCol!])).toEqual(["2", "2"]);
  expect(setRows.map((r) => r[intentCol!]).filter(Boolean)).toHaveLength(1);
  // The file left a trace: one audit row naming the period, none of its rows.
  const exports = await sql`select actor, subject_type, subject_id, after from audit_log where action = 'list.export'`;
  expect(exports).toEqual([{ actor: people.admin.email, subject_type: "list", subject_id: "reconciliation-close", after: { filters: { kind: "day", date: today(), currency: "CRC" } } }]);
});

test("an admin closes the day: who and when are recorded, with the figures at close", async ({ browser }) => {
  const page = await open(browser, "admin", closeUrl());
  await expect(page.getByTestId("close-status")).toContainText("Este período está abierto.");
  await page.getByRole("button", { name: "Cerrar período" }).click();
  // The day still has suggested and unmatched transfers: the question says so before the close.
  const undecided = { suggested: Number(await line(page, "suggested").locator("td").first().innerText()), unmatched: Number(await line(page, "unmatched").locator("td").first().innerText()) };
  await expect(page.getByTestId("close-open-warning")).toHaveText(
    new RegExp(`^Quedan? ${undecided.suggested + undecided.unmatched} transferencias? sin decidir en este período \\(${undecided.suggested} con sugerencia y ${undecided.unmatched} sin coincidencia\\)`),
  );
  const [call] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    page.getByRole("group", { name: "Cerrar período" }).getByRole("button", { name: "Cerrar período" }).click(),
  ]);
  closeCall = call;
  await expect(page.getByTestId("close-status")).toContainText(`Cerrado por ${people.admin.name} el`);
  await expect(page.getByRole("columnheader", { name: "Al cerrar" })).toBeVisible();
  const closures = await sql<{ email: string; kind: string; from_day: string; received: number }[]>`
    select o.email, c.kind, c.from_day, (c.figures->'received'->>'count')::int as received from reconciliation_closures c join operators o on o.id = c.closed_by`;
  expect(closures).toEqual([{ email: people.admin.email, kind: "day", from_day: today(), received: (await receivedToday()).count }]);
  const [audit] = await sql`select actor, action from audit_log where subject_type = 'reconciliation_closure'`;
  expect(audit).toEqual({ actor: people.admin.email, action: "reconciliation.period_closed" });
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-close-es.png"), fullPage: true });

  // On a phone the amounts, now and at close, are read without scrolling sideways: each count sits under its amount.
  await page.setViewportSize({ width: 390, height: 844 });
  const figures = page.getByRole("region", { name: "Cifras del período" });
  await expect(figures.getByRole("columnheader", { name: "Al cerrar" })).toBeVisible();
  expect(await figures.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  const box = (await figures.boundingBox())!;
  for (const cell of await page.locator("tr[data-line] td").filter({ visible: true }).all()) {
    const edge = (await cell.boundingBox())!;
    expect(edge.x + edge.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await expect(line(page, "received").getByTestId("count-under-amount").first()).toHaveText(/^\d+ transferencias?$/);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-close-phone-es.png"), fullPage: true });
  // The day's own figures are small and vary with the hour the test runs (a count of 10 once pushed the last column
  // out by 11 px). A busy month's are wider: every amount ₡99 999 999,99 and every count 99 999 still fit.
  await figures.evaluate((box) => {
    for (const cell of box.querySelectorAll("tr[data-line] td")) {
      const count = cell.querySelector("[data-testid=count-under-amount]");
      if (count) {
        cell.firstChild!.textContent = "₡99\u00a0999\u00a0999,99";
        count.textContent = "99\u00a0999 transferencias";
      } else cell.textContent = "99\u00a0999";
    }
  });
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-close-phone-wide-es.png"), fullPage: true });
  expect(await figures.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
});

test("a viewer sees no close control, and a forged close call is refused", async ({ browser }) => {
  expect(closeCall, "the admin's close call was captured").toBeDefined();
  const page = await open(browser, "viewer", closeUrl());
  await expect(page.getByTestId("close-status")).toContainText("Solo un administrador puede cerrar o reabrir un período.");
  await expect(page.getByRole("button", { name: /Cerrar período|Reabrir/ })).toHaveCount(0);
  const forged = await page.request.post(closeUrl(), {
    headers: { "next-action": closeCall!.headers()["next-action"]!, "content-type": closeCall!.headers()["content-type"]!, accept: "text/x-component" },
    data: closeCall!.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  expect(await sql`select 1 from audit_log where actor = ${people.viewer.email}`).toHaveLength(0);
  expect((await sql`select 1 from reconciliation_closures`).length).toBe(1);
});

test("a later decision inside the closed day needs a reason, and shows flagged on the close page", async ({ browser }) => {
  // The transfer's page says so before any click, the period in words, and its undo asks for the note.
  const [confirmed] = await sql<{ ref: string }[]>`select transfer_key as ref from reconciliation_matches where id = ${confirmedByOperator}`;
  const transferPage = await open(browser, "operator", `/reconciliation/transfers/${confirmed!.ref}`);
  const notice = transferPage.getByRole("alert").filter({ hasText: "Período cerrado" });
  await expect(notice).toContainText(`una decisión sobre ella necesita una nota que diga por qué`);
  await expect(notice).toContainText(/el día \d{1,2} de [a-z]+ de \d{4} en CRC/);
  await expect(transferPage.getByLabel("Nota (obligatoria)")).toBeVisible();
  await expect(transferPage.getByRole("button", { name: "Deshacer" })).toBeDisabled();
  await transferPage.context().close();

  expect(await decide(people.operator, "undo", { matchId: confirmedByOperator })).toMatchObject({ ok: false, error: "closed_period" });
  expect(await decide(people.operator, "undo", { matchId: confirmedByOperator, note: "El cliente pagó otro pedido" })).toMatchObject({ ok: true });

  const page = await open(browser, "admin", closeUrl());
  const changes = page.getByTestId("later-changes");
  await expect(changes.getByRole("row")).toHaveCount(2);
  await expect(changes).toContainText("Deshizo una decisión");
  await expect(changes).toContainText("El cliente pagó otro pedido");
  await expect(changes).toContainText(people.operator.name);
  await expect(changes).toContainText("Período cerrado");
  // Undone, the transfer is open again: still adds up now, and differs from the figures at close.
  await expect(page.getByTestId("add-up")).toHaveText(/Las cifras cuadran/);
  await expect(page.getByTestId("close-status")).toContainText("Las cifras cambiaron desde el cierre.");
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-close-later-es.png"), fullPage: true });

  const english = await open(browser, "admin", closeUrl(), "en");
  await expect(english.getByTestId("later-changes")).toContainText("Undid a decision");
  await expect(english.getByTestId("add-up")).toHaveText(/The figures add up/);
  await english.screenshot({ path: path.join(SCREENS, "reconciliation-close-en.png"), fullPage: true });
});

test("an admin reopens the day with a reason; the close stays on record", async ({ browser }) => {
  const page = await open(browser, "admin", closeUrl());
  await expect(page.getByRole("button", { name: "Reabrir" })).toBeDisabled();
  await page.getByLabel("Motivo para reabrir").fill("Faltaba un depósito del banco");
  await page.getByRole("button", { name: "Reabrir" }).click();
  const status = page.getByTestId("close-status");
  await expect(status).toContainText("Este período está abierto.");
  await expect(status).toContainText(`reabierto por ${people.admin.name}`);
  await expect(status).toContainText("«Faltaba un depósito del banco»");
  await expect(page.getByRole("button", { name: "Cerrar período" })).toBeVisible();
  const [audit] = await sql`select actor, after->>'note' as note from audit_log where action = 'reconciliation.period_reopened'`;
  expect(audit).toEqual({ actor: people.admin.email, note: "Faltaba un depósito del banco" });
});

test("a day past 9998 is named on the page, refused by the CSV and by a forged close, never a 500", async ({ browser }) => {
  expect(closeCall, "the admin's close call was captured").toBeDefined();
  for (const kind of ["day", "week", "month"]) {
    const page = await open(browser, "admin", `/reconciliation/close?kind=${kind}&date=9999-12-31&currency=CRC`);
    const alert = page.getByRole("alert").filter({ hasText: "No se puede mostrar ese período" });
    await expect(alert).toContainText("La fecha debe ser un día del calendario entre 1970 y 9998");
    const csv = await page.request.get(`/reconciliation/close/export?kind=${kind}&date=9999-12-31&currency=CRC`);
    expect(csv.status(), kind).toBe(400);
    expect(await csv.json()).toEqual({ error: "invalid_filter", param: "date" });
    await page.context().close();
  }
  const page = await open(browser, "admin", "/reconciliation/close?kind=day&date=1970-01-01&currency=CRC");
  await expect(page.getByRole("heading", { level: 2, name: /1970/ })).toBeVisible();
  // The first day there is: no way further back, the way forward.
  await expect(page.getByRole("link", { name: "Período anterior" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Período siguiente" })).toBeVisible();
  const closures = (await sql`select 1 from reconciliation_closures`).length;
  const forged = await page.request.post("/reconciliation/close", {
    headers: { "next-action": closeCall!.headers()["next-action"]!, "content-type": closeCall!.headers()["content-type"]!, accept: "text/x-component" },
    data: JSON.stringify([{ kind: "week", date: "9999-12-31", currency: "CRC" }]),
  });
  expect(forged.status()).toBe(200);
  expect(await forged.text()).toContain('"error":"invalid_input","fields":["date"]');
  expect((await sql`select 1 from reconciliation_closures`).length).toBe(closures);
});

test("a bad period in the URL is named, not replaced", async ({ browser }) => {
  const page = await open(browser, "viewer", "/reconciliation/close?kind=year&date=2026-02-30&currency=CRC");
  const alert = page.getByRole("alert").filter({ hasText: "No se puede mostrar ese período" });
  await expect(alert).toContainText("El tipo debe ser día, semana o mes");
  await expect(alert).toContainText("La fecha debe ser un día del calendario");
  await expect(alert).not.toContainText("La moneda");
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-close-invalid-es.png") });
});
