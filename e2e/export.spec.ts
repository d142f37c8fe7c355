import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import postgres from "postgres";
import { parseCsv } from "../scripts/test/read-csv";
import { dedicatedOperator, poll, signIn, signInAs, VIEWER_EXPORT } from "./helpers";
import { fromService } from "./sandbox";
import { e2eState } from "./state";

// CSV export against the seeded sandbox: a filtered list downloads as many rows as the page says it has, with the
// zone named in the header and the file name, amounts in major units; a viewer may export, nobody signed out may.

// The tests that export as the shared viewer hold its lock (VIEWER_EXPORT): an operator has one export at a time, and
// other specs export as the viewer too. The rest run beside them.

const pagination = (page: Page) => page.getByRole("navigation", { name: "Paginación" });
const totalText = (page: Page) => pagination(page).locator("p").first();
const toolbar = (page: Page) => page.getByRole("search", { name: "Filtros" });
const shownTotal = async (page: Page) => Number((await totalText(page).textContent())?.replace(/\D/g, ""));

/** Applies a filter and waits until the page shows its total. */
async function narrow(page: Page, change: () => Promise<unknown>) {
  const before = await totalText(page).textContent();
  await change();
  await expect(totalText(page)).not.toHaveText(before ?? "");
  return shownTotal(page);
}

/** Clicks Export and returns the downloaded file's name and records (header first). */
async function exportCsv(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), toolbar(page).getByRole("button", { name: "Exportar CSV" }).click()]);
  const text = readFileSync(await download.path(), "utf8");
  return { fileName: download.suggestedFilename(), text, records: parseCsv(text) };
}

/**
 * The e2e sandbox's seed ends at 2026-11-01 12:00 UTC (06:00 that day in Costa Rica). Other specs run scenarios meanwhile,
 * creating payments and transfers dated today in the shared sandbox; a list bounded by the seed's day counts the same
 * rows on the page, in the file and in the sandbox.
 */
const SEED_NOW = "2026-11-01T12:00:00.000Z";
const SEED_LAST_DAY = "2026-11-01";

/** The newest seeded record of a status straight from the sandbox, to compare a row of the file with. */
async function firstIntent(request: APIRequestContext, status: string) {
  const query = new URLSearchParams({ limit: "1", status, "createdAt[lte]": SEED_NOW });
  const { data } = await fromService<{ data: { id: string; amount: number; currency: string }[] }>(request, `/v1/payment-intents/account?${query}`);
  return data[0]!;
}

test("a filtered payments export downloads exactly the rows the page counts, in major units and Costa Rica time", { tag: "@smoke", ...VIEWER_EXPORT }, async ({ page, request }) => {
  await signIn(page, "viewer", `/payments?limit=10&to=${SEED_LAST_DAY}`);
  const total = await narrow(page, () => toolbar(page).getByLabel("Estado").selectOption({ label: "Exitoso" }));
  expect(total).toBeGreaterThan(100);

  const { fileName, text, records } = await exportCsv(page);
  await expect(toolbar(page).getByRole("status").filter({ hasText: "Se descargaron" })).toHaveText(new RegExp(`Se descargaron ${total.toLocaleString("es-CR")} filas`));
  expect(fileName).toMatch(/^payments_\d{4}-\d{2}-\d{2}_\d{4}_America-Costa_Rica\.csv$/);
  expect(text.startsWith("\uFEFF")).toBe(true);

  const [header, ...rows] = records;
  expect(header).toEqual(["Creado (America/Costa_Rica)", "Monto", "Moneda", "Estado", "Cliente", "Correo del cliente", "Descripción", "Método", "ID"]);
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((row) => row[8])).size).toBe(total);
  expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(["succeeded"]));

  const known = await firstIntent(request, "succeeded");
  const row = rows.find((cells) => cells[8] === known.id);
  expect(row?.[1]).toBe((known.amount / 100).toFixed(2));
  expect(row?.[2]).toBe(known.currency.toUpperCase());
  for (const cells of rows) expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test("a SINPE transfers export keeps the status and date filters", VIEWER_EXPORT, async ({ page }) => {
  await signIn(page, "viewer", `/transfers?limit=10&to=${SEED_LAST_DAY}`);
  await narrow(page, () => toolbar(page).getByLabel("Estado").selectOption({ label: "Recibida" }));
  const total = await narrow(page, () => toolbar(page).getByLabel("Creado desde").fill("2026-09-01"));
  await expect(page).toHaveURL(/status=received/);
  await expect(page).toHaveURL(/from=2026-09-01/);
  await expect(page).toHaveURL(new RegExp(`to=${SEED_LAST_DAY}`));

  const { records } = await exportCsv(page);
  const [header, ...rows] = records;
  expect(header?.[0]).toBe("Creado (America/Costa_Rica)");
  expect(rows).toHaveLength(total);
  for (const cells of rows) {
    expect(cells[3]).toBe("received");
    expect(cells[0]! >= "2026-09-01 00:00:00").toBe(true);
    expect(cells[0]! <= `${SEED_LAST_DAY} 23:59:59`).toBe(true);
    expect(cells[1]).toMatch(/^\d+\.\d{2}$/);
  }
});

test("a filter the list cannot use is explained, and nothing is downloaded", VIEWER_EXPORT, async ({ page }) => {
  await signIn(page, "viewer", "/transfers?reference=12345");
  await expect(page.getByRole("alert").filter({ hasText: "Esa no es una referencia SINPE" })).toBeVisible();
  let downloaded = false;
  page.on("download", () => (downloaded = true));
  await toolbar(page).getByRole("button", { name: "Exportar CSV" }).click();
  const alert = toolbar(page).getByRole("alert");
  await expect(alert).toContainText("No se pudo exportar");
  await expect(alert).toContainText("La lista no se puede exportar con un filtro no válido (Referencia SINPE)");
  await alert.getByRole("button", { name: "Cerrar" }).click();
  await expect(alert).toHaveCount(0);
  expect(downloaded).toBe(false);
});

test("a viewer may export through the API; nobody signed out may", VIEWER_EXPORT, async ({ page, playwright }) => {
  await signIn(page, "viewer");
  const response = await page.request.get("/api/export/customers");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await response.text();
  const [header, ...rows] = parseCsv(text);
  expect(header?.[0]).toBe("Creado (America/Costa_Rica)");
  expect(rows).toHaveLength(Number(response.headers()["x-export-total"]));
  for (const secret of Object.values(e2eState().secrets)) expect(text.includes(secret)).toBe(false);
  expect((await page.request.get("/api/export/settings")).status()).toBe(404);

  const anonymous = await playwright.request.newContext({ baseURL: e2eState().baseURL });
  const refused = await anonymous.get("/api/export/payments");
  expect(refused.status()).toBe(401);
  expect(await refused.text()).not.toContain("Creado");
  await anonymous.dispose();
});

test("an export in progress counts rows of the total and can be cancelled, saving nothing", async ({ page }) => {
  // The seeded history only (SEED_LAST_DAY): the export's total must be the one this page showed.
  // An operator of its own: a slowed export holds its operator's one export for seconds, and the shared viewer's
  // exports in other specs would be refused meanwhile.
  await signInAs(page, await dedicatedOperator("e2e-export-cancel@example.com", "Carla Export", "viewer"), `/payments?limit=10&to=${SEED_LAST_DAY}`);
  const total = await shownTotal(page);
  // Let the page's own loading (chunks, the sidebar's link prefetches) finish first: under the throttle below it would
  // queue ahead of the export's answer, and the progress could not show before the assertion gives up (seen once in CI).
  await page.waitForLoadState("networkidle");
  // A slow connection (Chromium's own throttling), so the export is still running when Cancel is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: 40_000, uploadThroughput: 1_000_000 });
  let downloaded = false;
  page.on("download", () => (downloaded = true));

  await toolbar(page).getByRole("button", { name: "Exportar CSV" }).click();
  const progress = toolbar(page).getByRole("progressbar", { name: "Progreso de la exportación" });
  await expect(progress).toHaveAttribute("aria-valuemax", String(total));
  await poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(toolbar(page).getByRole("status").filter({ hasText: "Exportando" })).toHaveText(new RegExp(`^Exportando \\d[\\d\\s]* de ${total.toLocaleString("es-CR")} filas$`));
  await toolbar(page).getByRole("button", { name: "Cancelar" }).click();

  await expect(toolbar(page).getByRole("status").filter({ hasText: "cancelada" })).toHaveText("Exportación cancelada: no se guardó ningún archivo.");
  await expect(progress).toHaveCount(0);
  await expect(toolbar(page).getByRole("button", { name: "Exportar CSV" })).toBeEnabled();
  await page.waitForTimeout(500);
  expect(downloaded).toBe(false);
});

test("an export while another of the same operator runs is refused, and the button says why in their language", async ({ page }) => {
  // An operator of its own, for the same reason: the lease below would refuse the shared viewer's exports elsewhere.
  const viewer = await dedicatedOperator("e2e-export-busy@example.com", "Bruno Export", "viewer");
  await signInAs(page, viewer, "/products");
  const sql = postgres(e2eState().databaseUrl, { max: 1, onnotice: () => {} });
  const holder = sql`select id from operators where email = ${viewer.email}`;
  try {
    // What an export of theirs running in another tab, or on another app instance, holds: its lease.
    await sql`insert into export_leases (operator_id, lease_id, list, expires_at)
      select id, gen_random_uuid(), 'payments', now() + interval '1 minute' from (${holder}) as o
      on conflict (operator_id) do update set lease_id = excluded.lease_id, expires_at = excluded.expires_at`;
    await toolbar(page).getByRole("button", { name: "Exportar CSV" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "No se pudo exportar" });
    await expect(alert).toContainText("Ya tienes otra exportación en curso (quizá en otra pestaña). Espera a que termine o cancélala");
    await page.screenshot({ path: test.info().outputPath("export-busy.png") });

    // Once it is over, the same button exports.
    await sql`delete from export_leases where operator_id in (${holder})`;
    const { records } = await exportCsv(page);
    expect(records.length).toBeGreaterThan(1);
    expect(await sql`select 1 from export_leases where operator_id in (${holder})`).toHaveLength(0);
  } finally {
    await sql.end();
  }
});

test("each export leaves one audit row (who, the list, the filters, no row) shown in Settings; a day past 9998 is no filter, not a 500", async ({ page, browser }) => {
  // An operator of its own: its audit rows are the ones this test counts.
  const viewer = await dedicatedOperator("e2e-export-audit@example.com", "Ada Export", "viewer");
  await signInAs(page, viewer, "/products");
  // Year 10000 came out of these (the day after 9999-12-31): PostgreSQL refused it and each answered 500.
  for (const list of ["events", "failedRenewals", "reconciliation"]) {
    const response = await page.request.get(`/api/export/${list}?from=9999-12-31&to=9999-12-31`);
    expect(response.status(), list).toBe(200);
    await response.body();
  }
  const close = await page.request.get("/reconciliation/close/export?kind=week&date=9999-12-31&currency=CRC");
  expect(close.status()).toBe(400);
  expect(await close.json()).toEqual({ error: "invalid_filter", param: "date" });
  const withFilter = await page.request.get("/api/export/events?type=payment-intent.succeeded&limit=10");
  expect(withFilter.status()).toBe(200);
  await withFilter.body();

  const sql = postgres(e2eState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ action: string; subject_type: string; subject_id: string; mode: string; filters: unknown }[]>`
      select action, subject_type, subject_id, mode, after->'filters' as filters from audit_log where actor = ${viewer.email} order by id`;
    expect(rows).toEqual([
      { action: "list.export", subject_type: "list", subject_id: "events", mode: "test", filters: {} },
      { action: "list.export", subject_type: "list", subject_id: "failedRenewals", mode: "test", filters: {} },
      { action: "list.export", subject_type: "list", subject_id: "reconciliation", mode: "test", filters: {} },
      { action: "list.export", subject_type: "list", subject_id: "events", mode: "test", filters: { type: "payment-intent.succeeded" } },
    ]);
  } finally {
    await sql.end();
  }

  const admin = await browser.newPage();
  await signIn(admin, "admin", "/settings");
  // The audit log's row (the operators' table above has one with the e-mail too).
  const row = admin.getByRole("row").filter({ hasText: viewer.email }).filter({ hasText: "list.export" }).first();
  await expect(row).toContainText("Lista exportada (CSV)");
  await expect(row).toContainText("Lista · Eventos");
  await expect(row).toContainText("list.export");
  await admin.close();
});
