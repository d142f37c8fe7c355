import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import postgres from "postgres";
import { formatMoney } from "../lib/format/money";
import { formatDateTime } from "../lib/format/time";
import { signIn, syncPass } from "./helpers";
import { fromService, scenario } from "./sandbox";
import es from "../lib/i18n/messages/es";
import { E2E_DIR, e2eState } from "./state";

// The failed-renewals workspace against the sandbox: its renewal-failed scenario, repeated, walks one renewal through
// attempts 1–3 (each with its next attempt) to uncollectible; the recovered scenario shows a recovery. Amounts come
// from the synced renewals (the failure event carries none; a recovery's success event gives its total until then), so
// the spec runs the sync CLI as an operator's machine would. Test mode; the tests build on each other.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const PATH = "/renewals/failed?limit=100";
// A renewal of this spec's own: other specs run renewal-failed at the same time, on the same sandbox.
const TRACK = { track: "failed-renewals-spec" };
const SCREENS = path.join(E2E_DIR, "screens");
let sql: postgres.Sql;
test.beforeAll(() => {
  sql = postgres(e2eState().databaseUrl, { max: 1, onnotice: () => {} });
});
test.afterAll(async () => {
  await sql.end();
});

/** The failure row of a subscription's latest failing period, as the table shows it (rows are keyed by its id). */
async function failureRow(page: Page, subscriptionId: string): Promise<Locator> {
  const [row] = await sql<{ id: string }[]>`select id::text from renewal_failures where mode = 'test' and subscription_id = ${subscriptionId} order by invoice_period_start desc limit 1`;
  expect(row, `no failure stored for ${subscriptionId}`).toBeTruthy();
  return page.locator(`tr[data-row-id="${row!.id}"]`);
}

/** Webhooks land a moment after the scenario: reload until the page shows what they changed. */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}

async function syncRenewals() {
  const { databaseUrl, sandboxURL, secrets } = e2eState();
  await syncPass({ ...secrets, DATABASE_URL: databaseUrl, PAYMENT_API_URL: sandboxURL }, { resources: ["renewals", "customers"] });
}

let subscriptionId = "";

/** Shows or hides a column from the table's column menu. */
async function showColumn(page: Page, name: string, shown: boolean) {
  if ((await page.getByRole("columnheader", { name, exact: true }).count()) === (shown ? 1 : 0)) return;
  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("checkbox", { name, exact: true }).setChecked(shown);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("columnheader", { name, exact: true })).toHaveCount(shown ? 1 : 0);
}

test("one renewal goes from attempt 1 to 3 with its countdown, then is exhausted when it becomes uncollectible", async ({ page, request }) => {
  // A run before this one (a retry) may have left this track's renewal half-way: run it until a fresh one fails its first attempt.
  let first = await scenario(request, "renewal-failed", "test", TRACK);
  for (let i = 0; i < 4 && !/attempt 1 failed/.test(first.summary ?? ""); i++) first = await scenario(request, "renewal-failed", "test", TRACK);
  expect(first.summary).toMatch(/attempt 1 failed, now open/);
  subscriptionId = first.created.subscriptionId!;

  await signIn(page, "operator", PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Renovaciones fallidas" })).toBeVisible();
  let row = await (async () => {
    await eventually(page, async () => expect(await failureRow(page, subscriptionId)).toBeVisible({ timeout: 1_000 }));
    return failureRow(page, subscriptionId);
  })();
  await expect(row.getByTestId("attempts")).toHaveText("1");
  await expect(row.locator("[data-state]")).toHaveAttribute("data-state", "retrying");
  await expect(row.getByTestId("countdown")).toHaveText(/^Reintenta dentro de \d+ días?$/);
  // The links column is hidden at first (so the main columns and the follow-up fit 1440 px, toolbar-fit.spec.ts): shown
  // from the column menu, then hidden again (the shared operator's choice is remembered).
  await showColumn(page, "Ver", true);
  try {
    await expect(row.getByRole("link", { name: "Suscripción" })).toHaveAttribute("href", `/subscriptions/${subscriptionId}`);
    // Wider than the screen now, the table scrolls sideways, and the follow-up stays in view at its right edge.
    const width = page.viewportSize()!.width;
    expect(await page.locator("main .scroll-edges table").evaluate((table) => table.scrollWidth > table.parentElement!.clientWidth)).toBe(true);
    const button = (await row.getByRole("button", { name: "Seguimiento" }).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(width);
  } finally {
    await showColumn(page, "Ver", false);
  }

  for (const attempt of [2, 3]) {
    expect((await scenario(request, "renewal-failed", "test", TRACK)).summary).toMatch(new RegExp(`attempt ${attempt} failed, now open`));
    await eventually(page, () => expect(row.getByTestId("attempts")).toHaveText(String(attempt), { timeout: 1_000 }));
    await expect(row.getByTestId("countdown")).toHaveText(/^Reintenta dentro de \d+ días?$/);
    await expect(row.getByText("Reintentando", { exact: true })).toBeVisible();
  }

  expect((await scenario(request, "renewal-failed", "test", TRACK)).summary).toMatch(/attempt 4 failed, now uncollectible/);
  await eventually(page, () => expect(row.locator("[data-state]")).toHaveAttribute("data-state", "exhausted", { timeout: 1_000 }));
  await expect(row.getByText("Agotada", { exact: true })).toBeVisible();
  await expect(row.getByText("Sin más reintentos")).toBeVisible();
  await expect(row.getByTestId("countdown")).toHaveCount(0);
  row = await failureRow(page, subscriptionId);
  await expect(row.getByTestId("state-since")).toContainText("desde");
});

test("the recovered scenario shows its row recovered, with the time it recovered", async ({ page, request }) => {
  const { created } = await scenario(request, "renewal-failed-then-recovered");
  await signIn(page, "viewer", `${PATH}&state=recovered`);
  await eventually(page, async () => {
    const row = await failureRow(page, created.subscriptionId!);
    await expect(row.locator("[data-state]")).toHaveAttribute("data-state", "recovered", { timeout: 1_000 });
  });
  const row = await failureRow(page, created.subscriptionId!);
  const [stored] = await sql<{ resolved_at: Date }[]>`select resolved_at from renewal_failures where mode = 'test' and subscription_id = ${created.subscriptionId!}`;
  await expect(row.getByTestId("state-since")).toHaveText(`desde ${formatDateTime(stored!.resolved_at, "es-CR", "America/Costa_Rica")}`);
  // Before this spec syncs any renewal: the success event's total is the row's amount (it was "not synced yet", and
  // "Recuperado este mes" said an unlabelled "Monto desconocido").
  const renewal = await fromService<{ total: number; currency: string }>(request, `/v1/invoices/${created.renewalId}`);
  await expect(row.getByTestId("amount")).toHaveText(formatMoney(renewal.total, renewal.currency, "es-CR"));
  const recovered = page.getByRole("region", { name: "Recuperado este mes" });
  await expect(recovered).not.toContainText(/Monto desconocido(?! en)/);
  // The recovery counts in this month's figure, in its currency's money (not "Monto desconocido en …"): unless Costa
  // Rica's month turned between the recovery and this check, which the page then rightly counts in the month before.
  const month = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica", year: "numeric", month: "2-digit" }).format(at);
  if (month(stored!.resolved_at) === month(new Date())) {
    const symbol = formatMoney(0, renewal.currency, "es-CR").replace(/[\d\s.,]/g, "");
    await expect(recovered.getByTestId("recovered").filter({ hasText: symbol })).toHaveCount(1);
  } else {
    test.info().annotations.push({ type: "month turned", description: "the recovery fell in the month before this check" });
  }
});

test("the decline's reason shows in words once a sync has copied the attempt's intent (the failure event has none)", async ({ page, request }) => {
  const { created } = await scenario(request, "renewal-failed", "test", { track: "failed-renewals-decline" });
  const intent = await fromService<{ lastPaymentError: { reason: keyof typeof es.paymentErrors.decline } }>(request, `/v1/payment-intents/${created.paymentIntentId}`);
  const words = es.paymentErrors.decline[intent.lastPaymentError.reason];
  await signIn(page, "viewer", PATH);
  await eventually(page, async () => expect(await failureRow(page, created.subscriptionId!)).toBeVisible({ timeout: 1_000 }));
  // Not asserted absent before the sync: other specs may sync the intents meanwhile (the integration test does).
  const { databaseUrl, sandboxURL, secrets } = e2eState();
  await syncPass({ ...secrets, DATABASE_URL: databaseUrl, PAYMENT_API_URL: sandboxURL }, { resources: ["payments"] });
  await page.reload();
  const row = await failureRow(page, created.subscriptionId!);
  await expect(row.getByText(words)).toBeVisible();
  // The service's message with its code named as one, as the timeline words it, not the code alone in a code cell.
  const [stored] = await sql<{ message: string; code: string }[]>`select error_message as message, error_code as code from renewal_failures where mode = 'test' and subscription_id = ${created.subscriptionId!} order by invoice_period_start desc limit 1`;
  expect(stored?.message && stored.code, "the failure has a message and a code").toBeTruthy();
  await expect(row.getByText(`${stored!.message} (código ${stored!.code})`, { exact: true })).toBeVisible();
  await expect(row.locator(".cell-code")).toHaveCount(0);
  mkdirSync(SCREENS, { recursive: true });
  for (const language of ["es", "en"] as const) {
    if (language === "en") {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click();
      await expect(row.getByText(`${stored!.message} (code ${stored!.code})`, { exact: true })).toBeVisible();
    }
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await row.getByText(`(${language === "es" ? "código" : "code"} ${stored!.code})`, { exact: false }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENS, `failed-renewals-error-words-${language}-${width}.png`) });
    }
  }
});

test("the total at risk per currency is the sum of the retrying and exhausted rows (none closed by hand), as the database has them", async ({ page }) => {
  await syncRenewals();
  await signIn(page, "viewer", PATH);
  const atRisk = page.getByRole("region", { name: "En riesgo" });
  const stored = await sql<{ currency: string; amount: string; rows: number }[]>`
    select upper(rf.currency) as currency, sum(r.total)::text as amount, count(*)::int as rows
    from renewal_failures rf join renewals r on r.mode = rf.mode and r.subscription_id = rf.subscription_id and r.period_start = rf.invoice_period_start
    where rf.mode = 'test' and rf.resolved_at is null and r.status <> 'paid' and rf.invoice_status <> 'paid' and rf.closed_at is null
    group by 1 order by 1`;
  expect(stored.length).toBeGreaterThan(0);
  for (const { currency, amount, rows } of stored) {
    await expect(atRisk.locator(`li[data-currency="${currency}"]`).getByTestId("at-risk")).toHaveText(formatMoney(BigInt(amount), currency, "es-CR"));
    // The rows behind the figure, through the list's own filters: retrying plus exhausted, in that currency.
    let sum = 0n;
    let count = 0;
    for (const state of ["retrying", "exhausted"]) {
      await page.goto(`${PATH}&currency=${currency}&state=${state}`);
      for (const cell of await page.locator("tbody tr").getByTestId("amount").allInnerTexts()) {
        sum += BigInt(cell.replace(/\D/g, "") || "0");
        count += 1;
      }
    }
    expect({ sum: sum.toString(), count }).toEqual({ sum: amount, count: rows });
    await page.goto(PATH);
  }
});

test("by amount: open renewals grouped by currency (colones, then dollars), largest first in each, recovered last; never céntimos against cents", async ({ page, request }) => {
  // An open failure in each currency, whatever else the sandbox renewed: a renewal of the spec's own per currency,
  // failed through the scenario and its amount copied by the sync, as an operator's machine would.
  const made: string[] = [];
  for (const currency of ["USD", "CRC"]) made.push((await scenario(request, "renewal-failed", "test", { track: `failed-renewals-${currency.toLowerCase()}`, currency })).created.subscriptionId!);
  await signIn(page, "viewer", `${PATH}&sort=amount`);
  await eventually(page, async () => {
    for (const subscription of made) await expect(await failureRow(page, subscription)).toBeVisible({ timeout: 1_000 });
  });
  await syncRenewals();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Orden" })).toHaveValue("amount");
  await expect(page.getByRole("combobox", { name: "Orden" }).locator("option:checked")).toHaveText("Por moneda, mayor monto en riesgo primero");
  const rows = await page.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => {
      const money = tr.querySelector('[data-testid="amount"] .money');
      return {
        state: tr.querySelector("[data-state]")?.getAttribute("data-state") ?? "",
        currency: money?.getAttribute("title") ?? null,
        amount: money ? Number((money.textContent ?? "").replace(/[^\d]/g, "")) : null,
      };
    }),
  );
  const open = rows.filter((row) => row.state !== "recovered");
  expect(open.length).toBeGreaterThan(1);
  // Recovered rows only after every open one.
  expect(rows.slice(0, open.length).every((row) => row.state !== "recovered")).toBe(true);
  // Each currency in one run, colones before dollars; within a run, never a larger amount below a smaller one.
  const priced = open.filter((row): row is { state: string; currency: string; amount: number } => row.currency !== null && row.amount !== null);
  const runs = priced.map((row) => row.currency).filter((currency, i, all) => i === 0 || all[i - 1] !== currency);
  expect(new Set(runs).size, runs.join(" ")).toBe(runs.length);
  expect(runs, runs.join(" ")).toEqual(expect.arrayContaining(["CRC", "USD"]));
  expect(runs.indexOf("CRC"), runs.join(" ")).toBeLessThan(runs.indexOf("USD"));
  for (let i = 1; i < priced.length; i++) {
    if (priced[i]!.currency === priced[i - 1]!.currency) expect(priced[i]!.amount, `row ${i}`).toBeLessThanOrEqual(priced[i - 1]!.amount);
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, "failed-renewals-by-amount-es.png"), fullPage: true });
});

test("assigning, logging a contact and a promise show on the subscription's timeline and in the audit log; a viewer cannot", async ({ page, browser }) => {
  await signIn(page, "operator", PATH);
  const row = await failureRow(page, subscriptionId);
  // One dialog for the table, empty until a row opens it (no hidden form per row); the shell's search is the other.
  await expect(page.locator("main dialog")).toHaveCount(1);
  await expect(page.locator("dialog form")).toHaveCount(0);
  // By keyboard: Enter opens it with the focus inside, Escape closes it and gives the focus back to the row's button.
  const opener = row.getByRole("button", { name: "Seguimiento" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /Seguimiento de/ });
  await expect(dialog.getByLabel("Asignar a")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.locator("dialog form")).toHaveCount(0);
  await opener.click();
  await dialog.getByLabel("Asignar a").selectOption({ label: e2eState().operators.operator.name });
  const [call] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    dialog.getByRole("button", { name: "Asignar", exact: true }).click(),
  ]);
  await expect(dialog.getByRole("status")).toHaveText("Guardado.");
  await dialog.getByLabel("Llamada").check();
  await dialog.getByLabel("Nota").fill("Dice que paga el viernes");
  await dialog.getByRole("button", { name: "Registrar", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("Guardado.");
  await dialog.getByLabel("Prometió pagar a más tardar el").fill("2026-12-04");
  await dialog.getByRole("button", { name: "Guardar fecha" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Guardado.");
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(row.getByTestId("assigned")).toHaveText(`Asignada a ${e2eState().operators.operator.name}`);
  await expect(row.getByTestId("promised")).toContainText("4 dic 2026");

  await page.goto(`${PATH}&assigned=mine`);
  await expect(await failureRow(page, subscriptionId)).toBeVisible();

  await page.goto(`/subscriptions/${subscriptionId}`);
  const history = page.getByRole("region", { name: "Historial" });
  await expect(history.getByRole("listitem").filter({ hasText: `Renovación fallida asignada a ${e2eState().operators.operator.name}` })).toContainText("Acción de operador");
  await expect(history.getByRole("listitem").filter({ hasText: "Contacto registrado: Llamada" })).toContainText("Dice que paga el viernes");
  await expect(history.getByRole("listitem").filter({ hasText: "Prometió pagar a más tardar el 4 de diciembre de 2026" })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin", "/settings");
  for (const action of ["renewal.follow_up.assign", "renewal.follow_up.contact", "renewal.follow_up.promise"]) {
    await expect(admin.getByRole("row", { name: new RegExp(`e2e-operator@example\\.com.*${action.replaceAll(".", "\\.")}.*Suscripción ${subscriptionId}`) })).toBeVisible();
  }
  await admin.context().close();

  // The operator's own call, forged: a viewer as the assignee (the picker lists only operators and admins) is refused
  // with its own error, and an input that is none names its fields by code, never in zod's English.
  await page.goto(PATH);
  const viewerPerson = e2eState().operators.viewer;
  const [viewerRow] = await sql<{ id: string }[]>`select id from operators where email = ${viewerPerson.email}`;
  await (await failureRow(page, subscriptionId)).getByRole("button", { name: "Seguimiento" }).click();
  await expect(dialog.getByRole("option", { name: viewerPerson.name })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  const { failureId } = (JSON.parse(call.postData() ?? "[]") as { failureId: number }[])[0]!;
  const replay = (input: object) =>
    page.request.post(PATH, {
      headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
      data: JSON.stringify([input]),
    });
  const toViewer = await replay({ failureId, operatorId: viewerRow!.id });
  expect(toViewer.status()).toBe(200);
  expect(await toViewer.text()).toContain('"error":"not_assignable"');
  const nonsense = await (await replay({ failureId: "abc", operatorId: null })).text();
  expect(nonsense).toContain('"error":"invalid_input","fields":["failureId"]');
  expect(nonsense).not.toMatch(/Invalid input|expected number/);

  // A viewer sees the follow-up but no control, and the operator's call replayed with the viewer's session is refused.
  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, "viewer", PATH);
  const seen = await failureRow(viewer, subscriptionId);
  await expect(seen.getByTestId("assigned")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Seguimiento" })).toHaveCount(0);
  const forged = await viewer.request.post(PATH, {
    headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
    data: call.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  const [audited] = await sql<{ count: number }[]>`select count(*)::int as count from audit_log where subject_id = ${subscriptionId} and action like 'renewal.follow_up.%'`;
  expect(audited?.count).toBe(3);
  await viewer.context().close();
});

test("screens: the workspace and its follow-up dialog, in Spanish and English", async ({ browser }) => {
  mkdirSync(SCREENS, { recursive: true });
  for (const [language, followUp] of [["es", "Seguimiento"], ["en", "Follow up"]] as const) {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, "operator", PATH);
    if (language === "en") {
      await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Failed renewals" })).toBeVisible();
    }
    await page.screenshot({ path: path.join(SCREENS, `failed-renewals-${language}.png`), fullPage: true });
    await (await failureRow(page, subscriptionId)).getByRole("button", { name: followUp }).click();
    await page.screenshot({ path: path.join(SCREENS, `failed-renewals-dialog-${language}.png`) });
    await page.context().close();
  }
});

test("an operator closes a failure by hand with a reason and a note: out of the money at risk, findable, on the timeline; a viewer's forged call is refused", async ({ page, browser }) => {
  const me = await signIn(page, "operator", PATH);
  const [failure] = await sql<{ id: string; state: string; currency: string; amount: string | null }[]>`
    select id::text, state, upper(currency) as currency, amount::text from renewal_failures where mode = 'test' and subscription_id = ${subscriptionId} order by invoice_period_start desc limit 1`;
  // Exhausted, with its amount (the sync of the totals' test copied its renewal): the figure at risk counted it.
  expect(failure).toMatchObject({ state: "exhausted", amount: expect.stringMatching(/^[1-9]\d*$/) });
  const row = await failureRow(page, subscriptionId);
  await row.getByRole("button", { name: "Seguimiento" }).click();
  const dialog = page.getByRole("dialog", { name: /Seguimiento de/ });
  const closing = dialog.getByRole("region", { name: "Cerrar a mano" });
  // The merchant's own record, said as such: the service is not told.
  await expect(closing).toContainText("el servicio de pagos no se entera");
  // The note is required: the browser asks for it before anything is sent.
  await closing.getByLabel("Pagó por otro medio (transferencia, efectivo)").check();
  await closing.getByRole("button", { name: "Dar por cerrada" }).click();
  expect(await closing.getByLabel("Por qué se cierra (obligatorio)").evaluate((area: HTMLTextAreaElement) => area.validity.valueMissing)).toBe(true);
  await expect(dialog.getByRole("status")).toHaveText("");
  await closing.getByLabel("Por qué se cierra (obligatorio)").fill("Pagó por transferencia SINPE el 20 de noviembre, comprobante 12345678");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await page.screenshot({ path: path.join(SCREENS, `failed-renewals-close-form-es-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const [call] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    closing.getByRole("button", { name: "Dar por cerrada" }).click(),
  ]);
  await expect(dialog.getByRole("status")).toHaveText("Cerrada a mano: ya no cuenta en riesgo.");
  await expect(closing.getByTestId("closure-facts")).toContainText("Motivo: Pagó por otro medio (transferencia, efectivo)");
  await dialog.getByRole("button", { name: "Cerrar" }).click();

  // The row says so: closed by whom, why and the note, and the service may still retry.
  await expect(row.locator("[data-state]")).toHaveAttribute("data-state", "closed");
  await expect(row.getByText("Cerrada a mano", { exact: true })).toBeVisible();
  await expect(row.getByTestId("closure")).toContainText(`Por ${me.name}: Pagó por otro medio (transferencia, efectivo)`);
  await expect(row.getByTestId("closure")).toContainText("comprobante 12345678");

  // Out of the money at risk: the figure is the database's open rows without it, read from its raw columns.
  const [open] = await sql<{ amount: string | null }[]>`
    select sum(amount)::text as amount from renewal_failures
    where mode = 'test' and upper(currency) = ${failure!.currency} and resolved_at is null and invoice_status <> 'paid'
      and coalesce(renewal_status, '') <> 'paid' and closed_at is null`;
  expect(open?.amount ?? "0").not.toBe("0");
  await expect(page.getByRole("region", { name: "En riesgo" }).locator(`li[data-currency="${failure!.currency}"]`).getByTestId("at-risk")).toHaveText(formatMoney(BigInt(open!.amount!), failure!.currency, "es-CR"));
  await page.goto(`${PATH}&state=exhausted`);
  await expect(page.locator(`tr[data-row-id="${failure!.id}"]`)).toHaveCount(0);
  await page.goto(`${PATH}&state=closed`);
  await expect(page.getByRole("combobox", { name: "Estado" }).locator("option:checked")).toHaveText("Cerrada a mano");
  await expect(page.locator(`tr[data-row-id="${failure!.id}"]`)).toBeVisible();

  await page.goto(`/subscriptions/${subscriptionId}`);
  const history = page.getByRole("region", { name: "Historial" });
  await expect(history.getByRole("listitem").filter({ hasText: "Renovación fallida cerrada a mano: pagó por otro medio (transferencia, efectivo)" })).toContainText("comprobante 12345678");

  // A viewer sees the closure but no control; the operator's close call replayed with the viewer's session is refused
  // before anything is read or written.
  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, "viewer", `${PATH}&state=closed`);
  await expect((await failureRow(viewer, subscriptionId)).getByTestId("closure")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Seguimiento" })).toHaveCount(0);
  const forged = await viewer.request.post(PATH, {
    headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
    data: call.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
  await viewer.context().close();
  const audited = await sql<{ action: string; actor: string }[]>`select action, actor from audit_log where subject_id = ${subscriptionId} and action in ('renewal.follow_up.close', 'renewal.follow_up.reopen') order by id`;
  expect(audited).toEqual([{ action: "renewal.follow_up.close", actor: me.email }]);
});

test("screens: a row closed by hand and its dialog, and the closing form, at 1440 and 390 px in Spanish and English", async ({ browser, request }) => {
  test.setTimeout(240_000);
  // An open row for the closing form: a renewal of this test's own, at attempt 1 to 3 (a retry's run may have left it
  // uncollectible: the next run starts a fresh one).
  let open = await scenario(request, "renewal-failed", "test", { track: "failed-renewals-screens" });
  if (!/now open/.test(open.summary ?? "")) open = await scenario(request, "renewal-failed", "test", { track: "failed-renewals-screens" });
  expect(open.summary).toMatch(/now open/);
  for (const language of ["es", "en"] as const) {
    const shot = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(shot, "operator", `${PATH}&state=closed`);
    if (language === "en") {
      await shot.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click();
      await expect(shot.getByRole("heading", { level: 1, name: "Failed renewals" })).toBeVisible();
    }
    for (const width of [1440, 390]) {
      await shot.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      const closedRow = await failureRow(shot, subscriptionId);
      await closedRow.scrollIntoViewIfNeeded();
      await shot.screenshot({ path: path.join(SCREENS, `failed-renewals-closed-row-${language}-${width}.png`) });
      await closedRow.getByRole("button", { name: language === "es" ? "Seguimiento" : "Follow up" }).click();
      await shot.screenshot({ path: path.join(SCREENS, `failed-renewals-closed-dialog-${language}-${width}.png`) });
      await shot.keyboard.press("Escape");
    }
    if (language === "en") {
      // The closing form in English, on an open row (nothing sent).
      await shot.setViewportSize({ width: 1440, height: 1000 });
      await shot.goto(`${PATH}&state=retrying`);
      await eventually(shot, async () => expect(await failureRow(shot, open.created.subscriptionId!)).toBeVisible({ timeout: 1_000 }));
      await (await failureRow(shot, open.created.subscriptionId!)).getByRole("button", { name: "Follow up" }).click();
      const closing = shot.getByRole("dialog", { name: /Follow-up of/ }).getByRole("region", { name: "Close by hand" });
      await expect(closing.getByRole("button", { name: "Mark as settled" })).toBeVisible();
      for (const width of [1440, 390]) {
        await shot.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
        await shot.screenshot({ path: path.join(SCREENS, `failed-renewals-close-form-en-${width}.png`) });
      }
    }
    await shot.context().close();
  }
});

test("a closure made by mistake is reopened with a note: back in «Agotada», the closure gone from the row, audited", async ({ page }) => {
  const me = await signIn(page, "operator", PATH);
  const dialog = page.getByRole("dialog", { name: /Seguimiento de/ });
  const closing = dialog.getByRole("region", { name: "Cerrar a mano" });
  await (await failureRow(page, subscriptionId)).getByRole("button", { name: "Seguimiento" }).click();
  await expect(closing.getByTestId("closure-facts")).toContainText(`Cerrada a mano por ${me.name}`);
  await closing.getByLabel("Por qué se reabre (obligatorio)").fill("Era el pago de otra suscripción");
  await closing.getByRole("button", { name: "Reabrir" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Reabierta: vuelve a contar en riesgo.");
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect((await failureRow(page, subscriptionId)).locator("[data-state]")).toHaveAttribute("data-state", "exhausted");
  await expect((await failureRow(page, subscriptionId)).getByTestId("closure")).toHaveCount(0);
  const after = await sql<{ action: string }[]>`select action from audit_log where subject_id = ${subscriptionId} and action in ('renewal.follow_up.close', 'renewal.follow_up.reopen') order by id`;
  expect(after.map((entry) => entry.action)).toEqual(["renewal.follow_up.close", "renewal.follow_up.reopen"]);
});
