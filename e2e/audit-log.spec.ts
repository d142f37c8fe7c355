import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { LOCALE_COOKIE } from "../lib/i18n/config";
import { dedicatedOperator, signIn } from "./helpers";
import { fromService } from "./sandbox";
import { E2E_DIR, e2eState } from "./state";

// The audit log (/settings/audit): an admin finds what one operator did among many rows by its filters, reads it in
// words, opens the object it was about, and takes the log away as CSV; operators and viewers are refused it.

let sql: postgres.Sql;
let marta: { id: string; email: string };
let paymentId: string;
let sharedOperatorId: string;
/** A tag of this run, so the rows the spec writes are told from others' (the shared app's log holds every spec's). */
const RUN = Date.now().toString(36);

test.beforeAll(async ({ request }) => {
  sql = postgres(e2eState().databaseUrl, { max: 1, onnotice: () => {} });
  // An operator of this spec's own, made as the CLI makes one (the operator.create row is the CLI's).
  const person = await dedicatedOperator(`marta-${RUN}@example.com`, `Marta Quesada ${RUN}`, "operator");
  const [row] = await sql<{ id: string }[]>`select id from operators where email = ${person.email}`;
  marta = { id: row!.id, email: person.email };
  const [shared] = await sql<{ id: string }[]>`select id from operators where email = ${e2eState().operators.operator.email}`;
  sharedOperatorId = shared!.id;
  const { data: intents } = await fromService<{ data: { id: string }[] }>(request, "/v1/payment-intents/account?limit=1");
  paymentId = intents[0]!.id;
  // The log as the review found it: a bulk confirmation's 40 identical rows by another operator, newer, hiding
  // Marta's refund (a secret-looking field in it) and her rejection of the next day. Two days old, so that they never
  // push the newest rows other specs look for off Settings' short card.
  await sql`insert into audit_log (operator_id, actor, action, subject_type, subject_id, mode, before, after, at)
    select ${sharedOperatorId}::uuid, ${e2eState().operators.operator.email}, 'reconciliation.confirmed', 'reconciliation_match', (900000 + g)::text, 'test',
      ${sql.json({ state: "suggested" })}, ${sql.json({ state: "confirmed", transferRefs: [`E2E${RUN}`.padEnd(25, "0")], paymentIntentId: "pi_e2e" })}, now() - interval '2 days'
    from generate_series(1, 40) g`;
  await sql`insert into audit_log (operator_id, actor, action, subject_type, subject_id, mode, before, after, at) values
    (${marta.id}::uuid, ${marta.email}, 'refund.create', 'payment_intent', ${paymentId}, 'test', ${sql.json({ amount: 1500000, amountRefunded: 0 })},
      ${sql.json({ amount: 500000, currency: "CRC", reason: "duplicate", requestKey: `key-${RUN}-secret`, refundId: `re_${RUN}` })}, '2026-11-20T18:00:00Z'),
    (${marta.id}::uuid, ${marta.email}, 'reconciliation.rejected', 'reconciliation_match', '77', 'test', ${sql.json({ state: "suggested" })},
      ${sql.json({ state: "rejected", transferRefs: ["X".padEnd(25, "1")], paymentIntentId: "pi_other" })}, '2026-11-21T18:00:00Z')`;
});

test.afterAll(async () => {
  await sql?.end();
});

/** The log's rows (each row's details hold a table of their own, whose rows are not the log's). */
const rows = (page: Page) => page.locator("tbody tr[data-row-id]");

test("a row written by `npm run dev`'s first set-up names it once, in words, in both languages", async ({ page }) => {
  // As scripts/dev.ts writes it when it creates the development admin: no operator, the actor "dev-setup".
  await sql`insert into audit_log (operator_id, actor, action, subject_type, subject_id, mode, before, after, at) values
    (null, 'dev-setup', 'operator.create', 'operator', ${marta.id}, null, null, ${sql.json({ email: marta.email, role: "admin" })}, '2026-11-17T18:00:00Z')`;
  await signIn(page, "admin", "/settings/audit?from=2026-11-17&to=2026-11-17");
  const setup = rows(page).filter({ hasText: "Configuración inicial (dev)" });
  await expect(setup).toHaveCount(1);
  await expect(setup).not.toContainText("dev-setup");
  await page.screenshot({ path: path.join(E2E_DIR, "screens", "audit-dev-setup-es.png") });
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: e2eState().baseURL, sameSite: "Lax" }]);
  await page.reload();
  await expect(rows(page).filter({ hasText: "Initial setup (dev)" })).toHaveCount(1);
});

test("an admin finds an operator's refund among many rows by filter, reads it in words and opens the payment (Spanish)", async ({ page }) => {
  await signIn(page, "admin", "/settings");
  await page.getByRole("link", { name: "Ver todo el registro →" }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Registro de auditoría" })).toBeVisible();
  // Newest first: the bulk confirmation fills the first page, in words; Marta's refund is not on it.
  await expect(rows(page).filter({ hasText: "Sugerencia de conciliación confirmada" })).not.toHaveCount(0);
  await expect(rows(page).filter({ hasText: "Reembolso creado" }).filter({ hasText: marta.email })).toHaveCount(0);

  await page.getByLabel("Operador", { exact: true }).selectOption({ label: `Marta Quesada ${RUN} (${marta.email})` });
  await expect(page).toHaveURL(new RegExp(`operator=${marta.id}`));
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel("Desde", { exact: true }).fill("2026-11-20");
  await page.getByLabel("Hasta", { exact: true }).fill("2026-11-20");
  await expect(page).toHaveURL(/from=2026-11-20&to=2026-11-20|to=2026-11-20.*from=2026-11-20/);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(`Marta Quesada ${RUN}`);
  await expect(row).toContainText(marta.email);
  await expect(row).toContainText("Reembolso creado");
  // The time in the operator's zone: 18:00 UTC is noon in Costa Rica.
  await expect(row.locator("time")).toHaveAttribute("datetime", "2026-11-20T18:00:00.000Z");
  await expect(row.locator("time")).toContainText("12:00");

  // Before and after on demand, field by field in words; the request key is hidden, not shown.
  await row.getByRole("button", { name: /^Ver detalle/ }).click();
  const details = page.getByRole("dialog", { name: "Reembolso creado" });
  await expect(details.getByRole("row", { name: /^Monto/ })).toContainText("1500000");
  await expect(details.getByRole("row", { name: /^Monto/ })).toContainText("500000");
  await expect(details.getByRole("row", { name: /^Motivo/ })).toContainText("duplicate");
  await expect(details).toContainText("(oculto)");
  await expect(page.locator("body")).not.toContainText(`key-${RUN}-secret`);
  expect(await page.content()).not.toContain(`key-${RUN}-secret`);
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  await row.getByRole("link", { name: `Pago ${paymentId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${paymentId}$`));
  await expect(page.getByText(paymentId).first()).toBeVisible();
});

test("the same log in English: actions filtered by kind, paged without repeats", async ({ page }) => {
  await signIn(page, "admin");
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: new URL(page.url()).origin }]);
  await page.goto(`/settings/audit?operator=${sharedOperatorId}&action=reconciliation.confirmed&limit=25`);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("reconciliation.confirmed");
  const firstPage = await rows(page).count();
  expect(firstPage).toBe(25);
  await expect(rows(page).first()).toContainText("Reconciliation suggestion confirmed");
  const ids = async () => rows(page).evaluateAll((found) => found.map((row) => row.getAttribute("data-row-id")));
  const seen = await ids();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/startingAfter=\d+/);
  await expect(rows(page).first()).toContainText("Reconciliation suggestion confirmed");
  const second = await ids();
  expect(second.length).toBeGreaterThanOrEqual(15);
  for (const id of second) expect(seen).not.toContain(id);
  await page.getByLabel("About", { exact: true }).selectOption({ label: "Seller" });
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();
});

test("a filter the URL cannot mean is ignored, not an error", async ({ page }) => {
  await signIn(page, "admin", "/settings/audit?action=nope&operator=abc&subject=%00&from=2026-02-30&startingAfter=xyz&limit=7");
  await expect(page.getByRole("heading", { level: 1, name: "Registro de auditoría" })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByLabel("Acción", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Operador", { exact: true })).toHaveValue("");
});

test("the CSV export takes the filtered log and writes its own list.export row", async ({ page }) => {
  await signIn(page, "admin", `/settings/audit?operator=${marta.id}`);
  await expect(rows(page)).toHaveCount(2);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  const text = readFileSync(await file.path(), "utf8");
  expect(text).toContain("Reembolso creado");
  expect(text).toContain("Sugerencia de conciliación rechazada");
  expect(text).not.toContain(`key-${RUN}-secret`);
  const [row] = await sql<{ after: { filters: Record<string, string>; total: number } }[]>`
    select after from audit_log where action = 'list.export' and subject_type = 'list' and subject_id = 'audit' and after->'filters'->>'operator' = ${marta.id}`;
  expect(row?.after).toMatchObject({ filters: { operator: marta.id }, total: 2 });
});

for (const who of ["operator", "viewer"] as const) {
  test(`an ${who} is refused the log and its export`, async ({ page }) => {
    await signIn(page, who, "/settings/audit");
    await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Reembolso creado");
    const response = await page.request.get("/settings/audit/export");
    expect(response.status()).toBe(403);
  });
}
