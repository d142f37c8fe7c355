import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { poll } from "./helpers";
import { startOwnStack, type OwnStack } from "./own-stack";
import { E2E_DIR } from "./state";

// Reconciliation as an operator works it, against the sandbox's SINPE scenarios copied by the real sync and paired by
// the real rules. An app, database and sandbox of its own: the sync copies the sandbox's whole history, which the
// shared app's exact figures must not see.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const SCREENS = path.join(E2E_DIR, "screens");
type Created = Record<string, string>;

let stack: OwnStack;
const made = {} as Record<"linked" | "matching" | "split" | "stray" | "twoCandidates" | "pending", Created>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startOwnStack({ name: "recon", seed: "e2e-reconciliation", scale: 0.02, portOffset: 65, webhookDelayMs: 50 });
  const scenario = (name: string) => stack.scenario(name);
  made.linked = await scenario("sinpe-transfer-linked");
  made.matching = await scenario("sinpe-transfer-unlinked-matching");
  made.split = await scenario("sinpe-split-payment");
  made.stray = await scenario("stray-transfer");
  made.twoCandidates = await scenario("sinpe-transfer-two-candidates");
  made.pending = await scenario("sinpe-transfer-pending");
  // The intents and customers the rules compare with come from the service by the sync, as on a real install.
  await stack.sync({ resources: ["customers", "payments", "transfers"] });
});
test.afterAll(async () => {
  await stack?.stop();
});

const open = (browser: Browser, who: "operator" | "viewer", pathname: string, locale: "es" | "en" = "es") =>
  stack.open(browser, who, pathname, { locale, context: { viewport: { width: 1400, height: 1000 } } });
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });
const candidate = (page: Page, intent: string) => page.locator("[data-match]").filter({ has: page.getByRole("link", { name: new RegExp(intent) }) });
const history = (page: Page) => page.getByRole("region", { name: "Historial" });
const isAction = (r: Request) => r.method() === "POST" && !!r.headers()["next-action"];
let acceptCall: Request;

test("the rules run; the linked transfer is Confirmed by the service; the matching one is Suggested with its reasons in words", async ({ browser }) => {
  const page = await open(browser, "operator", "/reconciliation");
  await expect(page.getByRole("heading", { level: 1, name: "Conciliación" })).toBeVisible();
  await expect(page.getByText("Registro propio", { exact: true })).toBeVisible();
  // Transfers, payments and customers are copied whole (by `npm run sync`): nothing says the suggestions are incomplete.
  await expect(page.getByText("Las sugerencias aún no están completas")).toHaveCount(0);
  // `npm run sync` ran the rules' full pass when it completed the copies. The button queues another for the worker
  // (this stack runs none: reconciliation-run-now.spec.ts follows one to its result) and answers at once.
  // A clock the test can move: nothing runs the job here, and past 30 s queued with no pass running the button says so.
  await page.clock.install();
  await page.reload();
  await page.getByRole("button", { name: "Buscar coincidencias ahora" }).click();
  const rulesRun = page.locator("[role=status][data-rules-run]");
  await expect(rulesRun).toHaveText(/^Búsqueda en cola/);
  await page.clock.fastForward(31_000);
  await expect(rulesRun).toHaveAttribute("data-rules-run", "unclaimed");
  await expect(rulesRun).toHaveText(/^Sigue en cola: ningún proceso de fondo la ha tomado\. Si no avanza, avise a quien administra el sistema/);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-rules-unclaimed-es.png") });
  // Followed for 3 minutes, the button leaves the pass to a later visit; pressed again, it answers with the same queued
  // job and follows it from the start: queued, not the old "still running" (with the clock paused, before any poll).
  await page.clock.fastForward(150_000);
  const rulesStatus = page.locator("[role=status]").filter({ hasText: /^La búsqueda sigue en curso/ });
  await expect(rulesStatus).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByRole("button", { name: "Buscar coincidencias ahora" }).click();
  await expect(rulesRun).toHaveAttribute("data-rules-run", "queued");
  await expect(rulesRun).toHaveText(/^Búsqueda en cola/);
  await page.clock.resume();

  const suggested = row(page, made.matching.SINPERefNumber!);
  await expect(suggested).toBeVisible();
  await expect(suggested).toContainText("misma cantidad ₡");
  await expect(suggested).toContainText("el nombre del remitente es el del cliente");
  await expect(suggested).toContainText(/\d+\/100 · confianza/);
  // The reasons name the sender as the row shows them, never by the rules' comparison keys (+506…, lower case).
  const transfer = (await stack.service<{ data: { originName: string }[] }>(`/v1/mobile-transfers/list?SINPERefNumber=${made.matching.SINPERefNumber}`)).data[0]!;
  const senderName = transfer.originName.trim();
  expect(senderName).not.toBe(senderName.toLowerCase());
  // The strongest reasons are in the row, the others a disclosure away in the row itself, in words too.
  await suggested.locator("summary").click();
  await expect(page).toHaveURL(/\/reconciliation$/);
  await expect(suggested.getByText(/^el nombre del remitente/)).toHaveText(`el nombre del remitente es el del cliente (${senderName})`);
  await expect(suggested).not.toContainText(/\+506\d{8}/);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-suggested-es.png"), fullPage: true });

  await page.goto("/reconciliation?queue=confirmed");
  await expect(row(page, made.linked.SINPERefNumber!)).toContainText("Vinculada por el servicio");
  await expect(row(page, made.linked.SINPERefNumber!)).toContainText(made.linked.paymentIntentId!);
  // The queue as CSV through the lists' export route, with the same filters.
  const csv = await page.request.get("/api/export/reconciliation?queue=confirmed");
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split("\n")[0]).toContain("Cola");
  expect(text).toContain(made.linked.SINPERefNumber!);
  expect(text).toContain("el servicio vinculó la transferencia a este pago");
  await page.context().close();
});

/**
 * How many of the queue's rows are wholly in view: the table's scroll box brought into the window, the rows between its
 * sticky header and its bottom edge (or the window's, if that comes first).
 */
async function rowsInView(page: Page): Promise<{ inView: number; rows: number }> {
  return page.getByRole("table").evaluate((table: HTMLTableElement) => {
    let box = table.parentElement!;
    while (getComputedStyle(box).overflowY === "visible") box = box.parentElement!;
    box.scrollIntoView({ block: "nearest" });
    const frame = box.getBoundingClientRect();
    const top = Math.max(frame.top, 0) + table.tHead!.getBoundingClientRect().height;
    const bottom = Math.min(frame.bottom, window.innerHeight);
    const rows = [...table.tBodies[0]!.rows];
    const inView = rows.filter((row) => {
      const { top: rowTop, bottom: rowBottom } = row.getBoundingClientRect();
      return rowTop >= top - 1 && rowBottom <= bottom + 1;
    }).length;
    return { inView, rows: rows.length };
  });
}

test("the Suggested queue's rows are short enough to work through: at least 8 in view at 1440×900, the other reasons a disclosure away", async ({ browser }) => {
  const more = { es: /^\+\d+ (razón|razones)$/, en: /^\+\d+ more reasons?$/ };
  for (const locale of ["es", "en"] as const) {
    const page = await stack.open(browser, "operator", "/reconciliation", { locale, context: { viewport: { width: 1440, height: 900 } } });
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    const { inView, rows } = await rowsInView(page);
    console.log(`[rows in view] ${locale} 1440x900: ${inView} of ${rows}`);
    expect(rows, "the seeded Suggested queue has rows enough to measure").toBeGreaterThanOrEqual(8);
    expect(inView).toBeGreaterThanOrEqual(8);
    await page.screenshot({ path: path.join(SCREENS, `reconciliation-compact-${locale}-1440.png`) });

    // The row's disclosure opens from the keyboard and by a click, without leaving the queue, and closes again.
    const suggested = row(page, made.matching.SINPERefNumber!);
    const disclosure = suggested.locator("summary");
    await expect(disclosure).toHaveText(more[locale]);
    const hidden = suggested.locator("details li").first();
    await expect(hidden).toBeHidden();
    await disclosure.focus();
    await page.keyboard.press("Enter");
    await expect(hidden).toBeVisible();
    await expect(page).toHaveURL(/\/reconciliation$/);
    const axe = await new AxeBuilder({ page }).include("table").analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENS, `reconciliation-compact-open-${locale}-1440.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await disclosure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `reconciliation-compact-open-${locale}-390.png`) });
    await page.setViewportSize({ width: 1440, height: 900 });
    await disclosure.click();
    await expect(hidden).toBeHidden();
    await expect(page).toHaveURL(/\/reconciliation$/);
    await page.context().close();
  }
});

test("at 1280 px the table scrolls sideways under the Decision column, which stays whole in view at its right edge", async ({ browser }) => {
  for (const [locale, label] of [["es", "Decidir"], ["en", "Decide"]] as const) {
    const page = await stack.open(browser, "operator", "/reconciliation", { locale, context: { viewport: { width: 1280, height: 800 } } });
    const suggested = row(page, made.matching.SINPERefNumber!);
    await expect(suggested).toBeVisible();
    const table = page.getByRole("table");
    expect(await table.evaluate((t) => t.scrollWidth > t.parentElement!.clientWidth), "the queue is wider than 1280 px (else this checks nothing)").toBe(true);
    const decision = suggested.getByRole("cell").last();
    await expect(decision).toHaveText(label);
    const box = (await decision.boundingBox())!;
    const frame = (await table.evaluate((t) => t.parentElement!.getBoundingClientRect().right))!;
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(frame, 1280) + 1);
    // Scrolled to its far end and back, the column stays where it is.
    await table.evaluate((t) => (t.parentElement!.scrollLeft = t.parentElement!.scrollWidth));
    expect((await decision.boundingBox())!.x).toBeCloseTo(box.x, 0);
    await page.screenshot({ path: path.join(SCREENS, `reconciliation-decision-in-view-${locale}-1280.png`) });
    await page.context().close();
  }
});

test("confirming the suggestion moves it to Confirmed and onto the transfer's and the intent's timelines", async ({ browser }) => {
  const { SINPERefNumber: ref, matchingPaymentIntentId: intent } = made.matching as { SINPERefNumber: string; matchingPaymentIntentId: string };
  const page = await open(browser, "operator", "/reconciliation");
  await row(page, ref).click();
  await expect(page).toHaveURL(new RegExp(`/reconciliation/transfers/${ref}$`));
  const card = candidate(page, intent);
  const why = card.getByRole("list", { name: "Por qué" });
  await expect(why).toContainText("misma cantidad");
  // The sender's name and phone in the reasons are the transfer card's, as written and formatted.
  const cardValue = (label: string) => page.locator(`div:has(> dt:text-is("${label}")) > dd`).first();
  const [name, phone] = [(await cardValue("Remitente").textContent())!.trim(), (await cardValue("Teléfono").textContent())!.trim()];
  await expect(why.getByRole("listitem").filter({ hasText: "el nombre del remitente" })).toHaveText(`el nombre del remitente es el del cliente (${name})`);
  expect(phone).toMatch(/^(\+506 )?\d{4}-\d{4}$/);
  await expect(why.getByRole("listitem").filter({ hasText: "el teléfono del remitente" })).toHaveText(`el teléfono del remitente es el del cliente (${phone})`);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-transfer-es.png"), fullPage: true });
  await card.getByLabel("Nota (opcional)").fill("comprobante visto");
  await card.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { name: "Decisión vigente" })).toBeVisible();
  await expect(page.getByText("“comprobante visto”")).toBeVisible();

  await page.goto("/reconciliation?queue=confirmed");
  await expect(row(page, ref)).toContainText("Recon operator");
  await page.goto("/reconciliation");
  await expect(row(page, ref)).toHaveCount(0);

  await page.goto(`/transfers/${ref}`);
  await expect(history(page).getByText("Conciliación confirmada")).toBeVisible();
  await expect(history(page)).toContainText(`con ${intent}`);
  await page.goto(`/payments/${intent}`);
  await expect(history(page).getByText("Conciliación confirmada")).toBeVisible();
  await expect(history(page)).toContainText("Nota: comprobante visto");
  await page.context().close();
});

test("the stray transfer is Unmatched, is accepted with a required note, and undo puts it back", async ({ browser }) => {
  const ref = made.stray.SINPERefNumber!;
  const page = await open(browser, "operator", "/reconciliation?queue=unmatched");
  await row(page, ref).click();
  await expect(page.getByText("Las reglas no encontraron ningún pago para esta transferencia.")).toBeVisible();
  // One name for the action: the card's heading and its button say the same, as the queue and the close do.
  await expect(page.getByRole("heading", { level: 2, name: "Aceptar sin coincidencia" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Conciliar transferencia · ₡/);
  await expect(page.getByTestId("view-only")).toHaveCount(0);
  const accept = page.getByRole("button", { name: "Aceptar sin coincidencia" });
  await expect(accept).toBeDisabled();
  await page.getByLabel("Nota (obligatoria)").fill("Donación de un cliente");
  [acceptCall] = await Promise.all([page.waitForRequest(isAction), accept.click()]);
  await expect(page.getByRole("heading", { name: "Decisión vigente" })).toBeVisible();
  // The way back is the queue as it was left (Unmatched), from the answer and from the page's header alike, landing on
  // its filters and rows (#list), not on the figures above them that fill the window.
  await expect(page.getByRole("link", { name: "Volver a la cola" })).toHaveAttribute("href", "/reconciliation?queue=unmatched#list");
  await expect(page.getByRole("link", { name: "Volver a la conciliación" })).toHaveAttribute("href", "/reconciliation?queue=unmatched#list");
  await page.getByRole("link", { name: "Volver a la cola" }).click();
  await expect(page).toHaveURL(/\/reconciliation\?queue=unmatched#list$/);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await poll(() =>
    page.evaluate(() => {
      const first = document.querySelector("main tbody tr")!.getBoundingClientRect();
      const filters = document.getElementById("list")!.getBoundingClientRect();
      // The filters at the window's top (the figures scrolled above it), the first row whole in the window.
      return filters.top >= 0 && filters.top < 40 && window.scrollY > 0 && first.top >= 0 && first.bottom <= window.innerHeight;
    }),
  ).toBe(true);

  await page.goto("/reconciliation?queue=accepted_unmatched");
  await expect(row(page, ref)).toContainText("Donación de un cliente");
  await page.goto("/reconciliation?queue=unmatched");
  await expect(row(page, ref)).toHaveCount(0);

  await page.goto(`/reconciliation/transfers/${ref}`);
  await page.getByLabel("Nota (opcional)").fill("No era una donación");
  await page.getByRole("button", { name: "Deshacer" }).click();
  await expect(page.getByRole("button", { name: "Aceptar sin coincidencia" })).toBeVisible();
  // The undone decision keeps its own note; who undid it, when and why is said under it.
  const undone = page.locator("[data-match]").filter({ has: page.locator("[data-undone]") });
  await expect(undone).toContainText("“Donación de un cliente”");
  await expect(undone.locator("[data-undone]")).toContainText(/la deshizo el .*“No era una donación”/);
  await page.goto("/reconciliation?queue=unmatched");
  await expect(row(page, ref)).toBeVisible();
  await page.goto(`/transfers/${ref}`);
  await expect(history(page).getByText("Aceptada sin coincidencia")).toBeVisible();
  await expect(history(page).getByText("Decisión de conciliación deshecha")).toBeVisible();
  await page.context().close();

  // In English: the same one name for the action, the sender's ID number, and a plain note hint.
  const en = await open(browser, "operator", `/reconciliation/transfers/${ref}`, "en");
  await expect(en.getByRole("heading", { level: 2, name: "Accept without match" })).toBeVisible();
  await expect(en.getByRole("button", { name: "Accept without match" })).toBeVisible();
  await expect(en.locator("dt").filter({ hasText: /^ID number$/ })).toHaveCount(1);
  await en.context().close();
});

test("the Overview's transfers to reconcile are the queues' transfers, each once, and a decision takes one away", async ({ browser }) => {
  const ref = made.stray.SINPERefNumber!;
  const page = await open(browser, "operator", "/");
  const card = page.getByRole("region", { name: "Transferencias SINPE sin conciliar", exact: true });
  const figure = async () => Number((await card.getByRole("link", { name: /\d+ transferencias?$/ }).innerText()).replace(/\D/g, ""));
  const before = await figure();
  expect(before).toBeGreaterThan(1);

  await page.goto("/reconciliation");
  const unmatched = Number((await page.getByTestId("queue-count-unmatched").innerText()).replace(/\D/g, ""));
  await expect(page.getByTestId("open-transfers")).toContainText(`${before} transferencias por conciliar: ${before - unmatched} con sugerencias y ${unmatched} sin coincidencia.`);
  // The Suggested card's money is its transfers', each once, though one of them has two candidate payments.
  const [candidates] = await stack.sql<{ n: number }[]>`select count(*)::int as n from reconciliation_match_transfers
    where mode = 'test' and state = 'suggested' and sinpe_ref_number = ${made.twoCandidates.SINPERefNumber!}`;
  expect(candidates!.n).toBe(2);
  const money = await stack.sql<{ currency: string; amount: string; n: number }[]>`select t.currency, sum(t.amount)::text as amount, count(*)::int as n from mobile_transfers t
    where t.mode = 'test' and exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number and mt.state = 'suggested') group by 1`;
  expect(money.length).toBeGreaterThan(0);
  for (const { currency, amount, n } of money) {
    await expect(page.getByTestId(`suggested-money-${currency}`)).toHaveText(`${formatMoney(BigInt(amount), currency, "es-CR")} en ${n} ${n === 1 ? "transferencia" : "transferencias"}`);
  }

  await page.goto(`/reconciliation/transfers/${ref}`);
  await page.getByLabel("Nota (obligatoria)").fill("Depósito de garantía");
  await page.getByRole("button", { name: "Aceptar sin coincidencia" }).click();
  await expect(page.getByRole("heading", { name: "Decisión vigente" })).toBeVisible();
  await page.goto("/");
  expect(await figure()).toBe(before - 1);

  await page.goto(`/reconciliation/transfers/${ref}`);
  await page.getByRole("button", { name: "Deshacer" }).click();
  await expect(page.getByRole("button", { name: "Aceptar sin coincidencia" })).toBeVisible();
  await page.goto("/");
  expect(await figure()).toBe(before);
  await page.context().close();
});

test("the deferred payments under the queues are the oldest ten, with a link to all of them", async ({ browser }) => {
  const page = await open(browser, "operator", "/reconciliation");
  const panel = page.getByRole("region", { name: "Pagos diferidos esperando dinero" });
  const total = Number((await panel.getByText(/más antiguos de \d+ pagos esperando/).innerText()).match(/de (\d+) pagos/)![1]);
  expect(total).toBeGreaterThan(10);
  await expect(panel.locator("[data-deferred]")).toHaveCount(10);
  await panel.getByRole("link", { name: `Ver los ${total} →` }).click();
  await expect(page).toHaveURL(/\/reconciliation\/deferred$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pagos diferidos esperando dinero" })).toBeVisible();
  await expect(page.locator("[data-deferred]")).toHaveCount(total);
  await page.context().close();
});

test("the split payment is suggested as one set of two transfers, in Spanish and in English", async ({ browser }) => {
  const { firstSINPERefNumber: first, secondSINPERefNumber: second, paymentIntentId: intent } = made.split as { firstSINPERefNumber: string; secondSINPERefNumber: string; paymentIntentId: string };
  const page = await open(browser, "operator", `/reconciliation/transfers/${first}`);
  const card = candidate(page, intent);
  await expect(card).toContainText("Juego de 2 transferencias del mismo remitente");
  await expect(card).toContainText(first);
  await expect(card).toContainText(second);
  await expect(card).toContainText("2 transferencias del mismo remitente suman");
  await page.context().close();

  const en = await open(browser, "operator", `/reconciliation/transfers/${second}`, "en");
  await expect(candidate(en, intent)).toContainText("2 transfers from the same sender add up to");
  await expect(candidate(en, intent).getByPlaceholder("Why you decided this")).toBeVisible();
  await expect(en.getByText("Your own record", { exact: true })).toBeVisible();
  await en.screenshot({ path: path.join(SCREENS, "reconciliation-split-en.png"), fullPage: true });
  await en.goto("/reconciliation");
  await expect(en.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  await en.screenshot({ path: path.join(SCREENS, "reconciliation-queues-en.png"), fullPage: true });
  await en.context().close();
});

test("a viewer sees the queues and candidates but no action, and a forged decision call is refused", async ({ browser }) => {
  const { firstSINPERefNumber: first } = made.split as { firstSINPERefNumber: string; secondSINPERefNumber: string; paymentIntentId: string };
  const page = await open(browser, "viewer", "/reconciliation");
  await expect(page.getByText("Solo lectura: tu rol puede ver la conciliación pero no decidir.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Buscar coincidencias ahora" })).toHaveCount(0);
  await page.goto(`/reconciliation/transfers/${first}`);
  await expect(page.getByRole("heading", { name: "Pagos posibles" })).toBeVisible();
  // Told why nothing here is theirs to decide, under a title that does not ask them to reconcile.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Conciliación de la transferencia · ₡/);
  await expect(page.getByTestId("view-only")).toHaveText("Solo lectura: tu rol puede ver la conciliación pero no decidir.");
  await expect(page.getByRole("button", { name: "Confirmar" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rechazar" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Aceptar sin coincidencia" })).toHaveCount(0);

  // The operator's acceptance of the stray transfer, replayed by the viewer: refused, and it stays Unmatched.
  const ref = made.stray.SINPERefNumber!;
  const forged = await page.request.post(`/reconciliation/transfers/${ref}`, {
    headers: { "next-action": acceptCall.headers()["next-action"]!, "content-type": acceptCall.headers()["content-type"]!, accept: "text/x-component" },
    data: acceptCall.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  await page.goto("/reconciliation?queue=unmatched");
  await expect(row(page, ref)).toBeVisible();
  await page.context().close();
});

test("an operator matches the stray transfer by hand to a deferred payment found by its id, the difference in view", async ({ browser }) => {
  const ref = made.stray.SINPERefNumber!;
  const page = await open(browser, "operator", "/reconciliation");
  const deferred = page.getByRole("region", { name: "Pagos diferidos esperando dinero" });
  // One in colones, as the transfer is: the search offers only intents of the transfer's currency.
  const intent = (await deferred.locator("[data-deferred]").filter({ hasText: "₡" }).first().getByRole("link", { name: /^pi_/ }).first().textContent())!.trim();
  await page.goto(`/reconciliation/transfers/${ref}`);
  // A payment the service already counts as paid may still be matched (its money may be this transfer), with a warning.
  const [paid] = await stack.sql<{ id: string }[]>`select i.id from payment_intents i where i.mode = 'test' and i.status = 'succeeded' and i.currency = 'CRC'
    and not exists (select 1 from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'confirmed') limit 1`;
  await page.getByRole("searchbox", { name: "Buscar" }).fill(paid!.id);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.locator(`[data-intent="${paid!.id}"]`).locator("[data-paid-note]")).toHaveText(
    "El servicio ya lo da por pagado: asócialo solo si esta transferencia es ese mismo dinero.",
  );
  await page.getByRole("searchbox", { name: "Buscar" }).fill(intent);
  await page.getByRole("button", { name: "Buscar" }).click();
  const found = page.locator(`[data-intent="${intent}"]`);
  await expect(found).toBeVisible();
  await expect(found.locator("[data-paid-note]")).toHaveCount(0);
  // The intent's status in the operator's words, as the payments list shows it: never the service's raw value.
  await expect(found).toContainText(/En proceso|Requiere método de pago|Por confirmar|Requiere acción/);
  await expect(found).not.toContainText(/processing|requires_|succeeded/);
  // Its amount differs from the transfer's: said before the click, and the button names it.
  await expect(found.locator("[data-difference]")).toHaveText(/^Diferencia con esta transferencia: (faltan ₡.+|₡.+ de más)$/);
  await found.getByLabel("Nota (opcional)").fill("el cliente lo confirmó por teléfono");
  await found.getByRole("button", { name: "Asociar con la diferencia" }).click();
  await expect(page.getByRole("heading", { name: "Decisión vigente" })).toBeVisible();
  const standing = candidate(page, intent);
  await expect(standing).toContainText("asociada a mano");
  await expect(standing).toContainText(/Diferencia(faltan|.* de más)/);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-by-hand-es.png"), fullPage: true });
  await page.goto(`/payments/${intent}`);
  await expect(history(page).getByText("Conciliada a mano")).toBeVisible();
  await page.context().close();
});

test("a transfer whose money has not arrived offers no decision and says why", async ({ browser }) => {
  const page = await open(browser, "operator", `/reconciliation/transfers/${made.pending.SINPERefNumber!}`);
  await expect(page.getByText("El dinero de esta transferencia no ha llegado")).toBeVisible();
  await expect(page.getByText("Está «Pendiente»: no se puede asociar a un pago ni aceptar sin coincidencia hasta que el dinero llegue.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Aceptar sin coincidencia|Asociar|Confirmar/ })).toHaveCount(0);
  await page.context().close();
});

test("bulk confirmation: the review lists the high-confidence suggestions, and only the ticked one is confirmed", async ({ browser }) => {
  const { firstSINPERefNumber: first, secondSINPERefNumber: second } = made.split as { firstSINPERefNumber: string; secondSINPERefNumber: string };
  const page = await open(browser, "operator", "/reconciliation");
  await page.getByRole("link", { name: "Confirmar en bloque las de confianza alta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirmar en bloque" })).toBeVisible();
  const boxes = page.getByRole("checkbox");
  const count = await boxes.count();
  expect(count).toBeGreaterThan(0);
  // All ticked to start with, untick all in one click; the bar above says how many and their money.
  const bar = page.getByTestId("bulk-bar");
  await expect(bar.getByTestId("bulk-total")).toContainText(`${count} marcada${count === 1 ? "" : "s"} de ${count}: ₡`);
  await bar.getByRole("button", { name: "Desmarcar todas" }).click();
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).not.toBeChecked();
  await expect(bar.getByTestId("bulk-total")).toHaveText(`0 marcadas de ${count}`);
  await page.getByRole("checkbox", { name: new RegExp(`Confirmar esta: .*${first}`) }).check();
  const amount = (await page.locator("label").filter({ has: page.getByRole("checkbox", { name: new RegExp(first) }) }).locator(".font-medium").first().innerText()).trim();
  await expect(bar.getByTestId("bulk-total")).toHaveText(`1 marcada de ${count}: ${amount}`);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-bulk-es.png"), fullPage: true });
  await page.getByRole("button", { name: "Confirmar 1 sugerencia" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^1 confirmada\.$/ })).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(count - 1);
  await page.goto(`/reconciliation/transfers/${second}`);
  await expect(page.getByRole("heading", { name: "Decisión vigente" })).toBeVisible();
  await page.context().close();
});

test("an operator matches two transfers to an awaiting payment by hand as one set; a set that does not add up cannot be confirmed and says by how much", async ({ browser }) => {
  // A customer pays an awaiting payment in two transfers; a stranger's transfer arrives too, to be added by mistake.
  const split = await stack.scenario("sinpe-split-payment");
  const wrong = (await stack.scenario("stray-transfer")).SINPERefNumber!;
  const { firstSINPERefNumber: first, secondSINPERefNumber: second, paymentIntentId: intent } = split as { firstSINPERefNumber: string; secondSINPERefNumber: string; paymentIntentId: string };
  // The amounts as the service has them, to know what the page must say.
  const amountOf = async (ref: string) => (await stack.service<{ data: { amount: number }[] }>(`/v1/mobile-transfers/list?SINPERefNumber=${ref}`)).data[0]!.amount;
  const [intentAmount, firstAmount, wrongAmount] = [(await stack.service<{ amount: number }>(`/v1/payment-intents/${intent}`)).amount, await amountOf(first), await amountOf(wrong)];
  const gap = firstAmount + wrongAmount - intentAmount;
  expect(gap).not.toBe(0);
  // Intl separates thousands with a narrow no-break space in Spanish: compared as plain spaces.
  const plain = (text: string) => text.replace(/\s/g, " ");
  const spaced = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s")}$`);
  const colones = (minor: number, locale: string) => plain(formatMoney(Math.abs(minor), "CRC", locale));

  const page = await open(browser, "operator", `/reconciliation/transfers/${first}`);
  // The webhooks arrive after the scenario answers: the page knows the transfer once they have.
  await expect(async () => {
    await page.goto(`/reconciliation/transfers/${first}`);
    await expect(page.getByRole("searchbox", { name: "Buscar", exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("searchbox", { name: "Buscar", exact: true }).fill(intent);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.locator(`[data-intent="${intent}"]`).getByRole("link", { name: "Pagarlo con varias transferencias…" }).click();
  const builder = page.locator("[data-set-builder]");
  await expect(builder.getByRole("heading", { name: `Varias transferencias para el pago ${intent}` })).toBeVisible();
  // The same sender's other transfer is offered first, marked as such.
  const candidates = builder.getByRole("table", { name: "Otras transferencias sin decidir en CRC" });
  await expect(candidates.getByRole("row").nth(1)).toContainText(second);
  await expect(candidates.getByRole("row").nth(1)).toContainText("mismo remitente, dentro de 72 h");

  // The stranger's transfer, found by its reference: the sum misses the payment, by an amount in money, and the set cannot be confirmed.
  await builder.getByRole("searchbox", { name: "Referencia o remitente" }).fill(wrong);
  await builder.getByRole("button", { name: "Buscar transferencias" }).click();
  await builder.getByRole("link", { name: `Agregar ${wrong} al juego` }).click();
  const confirmSet = builder.getByRole("button", { name: "Confirmar el juego de 2 transferencias" });
  await expect(confirmSet).toBeDisabled();
  const difference = gap > 0 ? `${colones(gap, "es-CR")} de más` : `faltan ${colones(gap, "es-CR")}`;
  await expect(builder.locator("[data-set-difference]")).toHaveText(spaced(difference));
  const alert = builder.getByRole("alert");
  await expect(alert).toContainText("No se puede confirmar el juego");
  expect(plain((await alert.textContent())!)).toContain(`(diferencia: ${difference})`);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-set-mismatch-es.png"), fullPage: true });

  // The same state in English, from its URL.
  const en = await open(browser, "operator", new URL(page.url()).pathname + new URL(page.url()).search, "en");
  const enBuilder = en.locator("[data-set-builder]");
  await expect(enBuilder.getByRole("heading", { name: `Several transfers for payment ${intent}` })).toBeVisible();
  await expect(enBuilder.getByRole("button", { name: "Confirm the set of 2 transfers" })).toBeDisabled();
  const enDifference = gap > 0 ? `${colones(gap, "en-US")} over` : `${colones(gap, "en-US")} short`;
  expect(plain((await enBuilder.getByRole("alert").textContent())!)).toContain(`The set cannot be confirmed: a set of transfers must add up exactly to its payment (difference: ${enDifference})`);
  await en.screenshot({ path: path.join(SCREENS, "reconciliation-set-mismatch-en.png"), fullPage: true });
  await en.context().close();

  // Taken out, and the customer's second transfer added: it adds up, and the set is confirmed as one decision.
  await builder.getByRole("link", { name: `Quitar ${wrong} del juego` }).click();
  await expect(builder.getByRole("table", { name: "En el juego: esta transferencia" })).toBeVisible();
  await builder.getByRole("link", { name: `Agregar ${second} al juego` }).click();
  await expect(builder.locator("[data-set-difference]")).toHaveText("Ninguna: la suma es exacta");
  await expect(builder.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENS, "reconciliation-set-adds-up-es.png"), fullPage: true });
  await builder.getByLabel("Nota (opcional)").fill("pagó en dos partes");
  const [setCall] = await Promise.all([page.waitForRequest(isAction), confirmSet.click()]);
  await expect(page.getByRole("heading", { name: "Decisión vigente" })).toBeVisible();
  const standing = candidate(page, intent);
  await expect(standing).toContainText("Juego de 2 transferencias:");
  await expect(standing).toContainText(second);
  await expect(standing).toContainText("asociada a mano");

  // One decision, on the payment's timeline and on each transfer's.
  await page.goto(`/payments/${intent}`);
  await expect(history(page).getByText("Conciliada a mano")).toHaveCount(1);
  await expect(history(page)).toContainText("Nota: pagó en dos partes");
  for (const ref of [first, second]) {
    await page.goto(`/transfers/${ref}`);
    await expect(history(page).getByText("Conciliada a mano")).toHaveCount(1);
  }
  await page.goto("/reconciliation?queue=confirmed");
  await expect(row(page, intent)).toContainText("2 transferencias");
  await expect(row(page, intent)).toContainText("asociada a mano");
  await page.context().close();

  // A viewer gets no set to build, and the operator's confirmation replayed by the viewer is refused.
  const viewer = await open(browser, "viewer", `/reconciliation/transfers/${wrong}?find=${intent}&intent=${intent}&add=${second}`);
  await expect(viewer.getByRole("heading", { name: "Pagos posibles" })).toBeVisible();
  await expect(viewer.locator("[data-set-builder]")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /Confirmar|Asociar/ })).toHaveCount(0);
  const forged = await viewer.request.post(`/reconciliation/transfers/${wrong}`, {
    headers: { "next-action": setCall.headers()["next-action"]!, "content-type": setCall.headers()["content-type"]!, accept: "text/x-component" },
    data: setCall.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  await viewer.context().close();
});
