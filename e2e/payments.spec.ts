import { expect, test, type Page } from "@playwright/test";
import { dedicatedOperator, poll, signIn, signInAs } from "./helpers";

// The Payments list against the seeded sandbox: cursor pages, URL state, filters, page size, remembered columns and
// the explained error state.

const table = (page: Page) => page.getByRole("table", { name: "Intentos de pago" });
const rowIds = (page: Page) => table(page).locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-id")));
const pagination = (page: Page) => page.getByRole("navigation", { name: "Paginación" });
const totalText = (page: Page) => pagination(page).locator("p").first();
const toolbar = (page: Page) => page.getByRole("search", { name: "Filtros" });

/** Clicks a pagination link and waits for the new page's rows (the table is keyed by the view, so it remounts). */
async function turn(page: Page, name: "Siguiente" | "Anterior") {
  const before = await rowIds(page);
  await pagination(page).getByRole("link", { name }).click();
  await poll(() => rowIds(page)).not.toEqual(before);
  await expect(table(page)).toBeVisible();
  return rowIds(page);
}

test("walks three pages forward and back to the first with identical rows", async ({ page }) => {
  await signIn(page, "viewer", "/payments?limit=10");
  await expect(table(page)).toBeVisible();
  const first = await rowIds(page);
  expect(first).toHaveLength(10);
  await expect(pagination(page).getByRole("link", { name: "Anterior" })).toHaveCount(0);

  const forward = [first];
  for (let i = 0; i < 3; i++) forward.push(await turn(page, "Siguiente"));
  expect(new Set(forward.flat()).size).toBe(40);
  await expect(page).toHaveURL(/startingAfter=/);

  for (let i = 2; i >= 0; i--) expect(await turn(page, "Anterior")).toEqual(forward[i]);
  await expect(page).toHaveURL(/endingBefore=/);
  await expect(pagination(page).getByRole("link", { name: "Anterior" })).toHaveCount(0);
});

test("the method column, hidden at first, shows from the column menu: each row's icon points at the app's sprite, at its size", async ({ page, request }) => {
  // An operator of its own: showing a column is remembered, and the shared operators' tables are other tests' business.
  await signInAs(page, await dedicatedOperator("method-icons@example.com", "Iconos Método", "viewer"), "/payments?limit=50");
  await expect(table(page)).toBeVisible();
  // Hidden by default, so the id fits a 1440 px screen with the rest.
  await expect(table(page).getByRole("columnheader", { name: "Método" })).toHaveCount(0);
  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("checkbox", { name: "Método" }).check();
  await page.keyboard.press("Escape");
  await expect(table(page).getByRole("columnheader", { name: "Método" })).toBeVisible();
  const icons = await table(page)
    .locator("tbody use")
    .evaluateAll((uses) => uses.map((use) => ({ target: use.getAttribute("href")!, width: use.closest("svg")!.getBoundingClientRect().width })));
  // The seed has card and SINPE Móvil payments among the newest 50.
  expect(new Set(icons.map((icon) => icon.target))).toEqual(new Set(["/icons.svg#credit-card", "/icons.svg#smartphone"]));
  const sprite = await (await request.get("/icons.svg")).text();
  for (const icon of icons) {
    expect(icon.width).toBe(16);
    expect(sprite).toContain(`<symbol id="${icon.target.split("#")[1]}"`);
  }
});

/** Changes a filter and waits until the table shows its result (the total changes), not the previous rows. */
async function filter(page: Page, change: () => Promise<unknown>) {
  const before = await totalText(page).textContent();
  await change();
  await expect(totalText(page)).not.toHaveText(before ?? "");
}

test("reload keeps the filters and the page, and a copied link opens the same view elsewhere", async ({ page, browser }) => {
  await signIn(page, "viewer", "/payments?limit=10");
  await filter(page, () => toolbar(page).getByLabel("Estado").selectOption({ label: "Exitoso" }));
  await expect(page).toHaveURL(/status=succeeded/);
  const second = await turn(page, "Siguiente");
  const url = page.url();

  await page.reload();
  // The rows stream in after the shell: wait for them rather than reading a skeleton.
  await poll(() => rowIds(page)).toEqual(second);
  await expect(toolbar(page).getByLabel("Estado")).toHaveValue("succeeded");

  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, "operator", new URL(url).pathname + new URL(url).search);
  await expect(elsewhere).toHaveURL(url);
  await poll(() => rowIds(elsewhere)).toEqual(second);
  await expect(toolbar(elsewhere).getByLabel("Estado")).toHaveValue("succeeded");
  await elsewhere.context().close();
});

test("the status filter shows only that status and changes the total", async ({ page }) => {
  await signIn(page, "viewer", "/payments?limit=100");
  const all = await totalText(page).textContent();
  await filter(page, () => toolbar(page).getByLabel("Estado").selectOption({ label: "Reembolsado" }));
  await expect(page).toHaveURL(/status=refunded/);
  const statuses = await table(page).locator("tbody tr td:nth-child(3)").allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["Reembolsado"]));

  await toolbar(page).getByRole("button", { name: "Limpiar filtros" }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(totalText(page)).toHaveText(all ?? "");
});

test("the created-date range keeps rows of those days in Costa Rica time", async ({ page }) => {
  await signIn(page, "viewer", "/payments?limit=100");
  const all = await totalText(page).textContent();
  await toolbar(page).getByLabel("Creado desde").fill("2026-10-20");
  await toolbar(page).getByLabel("Creado hasta").fill("2026-10-21");
  await expect(page).toHaveURL(/from=2026-10-20&to=2026-10-21|to=2026-10-21.*from=2026-10-20/);
  await expect(totalText(page)).not.toHaveText(all ?? "");
  const times = await table(page).locator("tbody time").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
  expect(times.length).toBeGreaterThan(0);
  // 2026-10-20 00:00 to 2026-10-22 00:00 in Costa Rica (UTC−6).
  for (const time of times) expect(time >= "2026-10-20T06:00:00.000Z" && time < "2026-10-22T06:00:00.000Z", time).toBe(true);
});

test("a new page size starts from the first page", async ({ page }) => {
  await signIn(page, "viewer", "/payments?limit=10");
  await turn(page, "Siguiente");
  await pagination(page).getByLabel("Filas por página").selectOption("50");
  await expect(page).toHaveURL(/limit=50/);
  await expect(page).not.toHaveURL(/startingAfter/);
  await poll(async () => (await rowIds(page)).length).toBe(50);
  await pagination(page).getByLabel("Filas por página").selectOption("25");
  await expect(page).not.toHaveURL(/limit=/);
  await poll(async () => (await rowIds(page)).length).toBe(25);
});

test("a hidden column stays hidden after reload, for that operator only", async ({ page, browser }) => {
  await signIn(page, "admin", "/payments");
  const header = table(page).getByRole("columnheader", { name: "Descripción" });
  await expect(header).toBeVisible();
  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("checkbox", { name: "Descripción" }).uncheck();
  await expect(header).toHaveCount(0);
  // The choice is saved in the background; a reload shows it once the save has landed.
  await expect(async () => {
    await page.reload();
    await expect(table(page)).toBeVisible();
    await expect(header).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000, intervals: [25, 50, 100] });

  const other = await (await browser.newContext()).newPage();
  await signIn(other, "operator", "/payments");
  await expect(table(other).getByRole("columnheader", { name: "Descripción" })).toBeVisible();
  await other.context().close();

  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("checkbox", { name: "Descripción" }).check();
  await expect(header).toBeVisible();
});

test("a refused request shows the explained error, and the shell keeps working", async ({ page }) => {
  await signIn(page, "viewer", "/payments?startingAfter=pi_forged_cursor");
  const alert = page.getByRole("alert").filter({ hasText: "No se pudo mostrar esta lista" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("El servicio de pagos rechazó la solicitud por datos inválidos.");
  await alert.getByText("Detalle técnico").click();
  await expect(alert).toContainText("HTTP 400");
  await expect(toolbar(page).getByLabel("Estado")).toBeVisible();

  await alert.getByRole("link", { name: "Volver al inicio de la lista" }).click();
  await expect(table(page)).toBeVisible();
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Clientes" }).click();
  await expect(page.getByRole("heading", { name: "Clientes" })).toBeVisible();
});

test("values a hand-edited URL gets wrong fall back to the defaults", async ({ page }) => {
  await signIn(page, "viewer", "/payments?limit=7&status=settled&from=2026-02-30&startingAfter=a&endingBefore=b");
  await expect(table(page)).toBeVisible();
  await expect(pagination(page).getByLabel("Filas por página")).toHaveValue("25");
  await expect(toolbar(page).getByLabel("Estado")).toHaveValue("");
  expect(await rowIds(page)).toHaveLength(25);
});

test("a click anywhere on a row opens it without reloading the app, and the row's link is in its first column shown", async ({ page }) => {
  // An operator of its own: hiding a column is remembered, and the shared operators' tables are other tests' business.
  await signInAs(page, await dedicatedOperator("rows-links@example.com", "Filas Enlace", "viewer"), "/payments");
  const first = table(page).locator("tbody tr").first();
  const id = await first.getAttribute("data-row-id");
  // The link is the first cell's; hiding that column moves it to the next one shown, named as before.
  await expect(first.locator("td").first().getByRole("link")).toHaveAccessibleName(new RegExp(`${id}$`));
  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("checkbox", { name: "Creado" }).uncheck();
  await page.keyboard.press("Escape");
  await expect(table(page).getByRole("columnheader", { name: "Creado" })).toHaveCount(0);
  // The amount is now the first column shown: the link says it, then the row's name. (Its figure may hold a
  // no-break space, "₡44 500,00": the name is compared with the cell's own text, not a pattern of words.)
  await expect(table(page).getByRole("columnheader").first()).toHaveText("Monto");
  const amount = (await first.locator("td").first().locator(".money").textContent()) ?? "";
  const words = amount.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  await expect(first.locator("td").first().getByRole("link")).toHaveAccessibleName(new RegExp(`^${words}\\s.*${id}$`));
  await expect(first.getByRole("link")).toHaveCount(1);

  // A client-side navigation keeps the page's window: a full load would lose the mark.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  await first.locator("td").nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
});

test("on a phone a status badge keeps its words whole: one line, shown entire once the table is scrolled, over nothing else", async ({ page }) => {
  await signIn(page, "viewer", "/payments?status=requires_payment_method");
  await page.setViewportSize({ width: 390, height: 844 });
  const badge = table(page).locator("tbody tr").first().locator(".badge");
  await expect(badge).toHaveText("Requiere método de pago");
  // Never broken, whatever the room: a badge does not wrap, in a table's cell (which keeps its line) or anywhere else,
  // e.g. a 60 px box, where it stays one line high and overflows rather than breaking its words.
  const lines = await page.evaluate(() => {
    const box = Object.assign(document.createElement("div"), { style: "width: 60px" });
    box.innerHTML = '<span class="badge badge-warning">Requiere método de pago</span>';
    document.body.append(box);
    const span = box.firstElementChild!;
    const height = span.getBoundingClientRect().height;
    const line = parseFloat(getComputedStyle(span).lineHeight);
    box.remove();
    return Math.round(height / line - 0.3);
  });
  expect(lines).toBe(1);
  // The table scrolls sideways until the badge is whole in the viewport, one line high, clear of the amount beside it.
  await badge.evaluate((element) => element.scrollIntoView({ inline: "center", block: "nearest" }));
  const box = (await badge.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeLessThan(28);
  const amount = (await table(page).locator("tbody tr").first().locator(".money").boundingBox())!;
  expect(amount.x + amount.width).toBeLessThanOrEqual(box.x);
});

test("on a phone the table shades its right edge while more columns lie beyond it, and not once scrolled to the end", async ({ page }) => {
  // Signed in at the default width (signIn waits for the sidebar, which a phone folds into a menu).
  await signIn(page, "viewer", "/payments");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table(page)).toBeVisible();
  const frame = page.locator(".scroll-edges");
  const shade = (side: "::before" | "::after") => frame.evaluate((element, pseudo) => Number(getComputedStyle(element, pseudo).opacity), side);
  await poll(() => shade("::after")).toBeGreaterThan(0.9);
  await poll(() => shade("::before")).toBeLessThan(0.1);
  await frame.locator(":scope > div").evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await poll(() => shade("::after")).toBeLessThan(0.1);
  await poll(() => shade("::before")).toBeGreaterThan(0.9);

  // Wide enough for every column: no shade at all.
  await page.setViewportSize({ width: 2400, height: 900 });
  await page.reload();
  await expect(table(page)).toBeVisible();
  await poll(() => shade("::after")).toBeLessThan(0.1);
  await poll(() => shade("::before")).toBeLessThan(0.1);
});
