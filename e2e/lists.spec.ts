import { expect, test, type Page } from "@playwright/test";
import { addSession, poll, signIn } from "./helpers";
import { startOwnStack, type OwnStack } from "./own-stack";
import { fromService } from "./sandbox";

// The lists after Payments against the seeded sandbox: each walks a page forward and back, one filter narrows its
// total, and a row opens its detail page where there is one. payments.spec.ts covers the shared table more deeply.

const table = (page: Page, caption: string) => page.getByRole("table", { name: caption });
const rowIds = (page: Page, caption: string) =>
  table(page, caption).locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-id")));
const pagination = (page: Page) => page.getByRole("navigation", { name: "Paginación" });
const totalText = (page: Page) => pagination(page).locator("p").first();
const toolbar = (page: Page) => page.getByRole("search", { name: "Filtros" });
const total = async (page: Page) => Number((await totalText(page).textContent())?.replace(/\D/g, ""));

async function turn(page: Page, caption: string, name: "Siguiente" | "Anterior") {
  const before = await rowIds(page, caption);
  await pagination(page).getByRole("link", { name }).click();
  // The skeleton stands in while the page loads (no rows): wait for the new rows, not just for the old ones to go.
  await poll(async () => {
    const ids = await rowIds(page, caption);
    return ids.length > 0 && JSON.stringify(ids) !== JSON.stringify(before);
  }).toBe(true);
  return rowIds(page, caption);
}

/** Applies a filter and returns the new total once the table shows it. */
async function narrow(page: Page, change: () => Promise<unknown>) {
  const before = await totalText(page).textContent();
  await change();
  await expect(totalText(page)).not.toHaveText(before ?? "");
  return total(page);
}

/** The Costa Rica day (UTC-6, no DST) of the first row's last time: a created date that has rows. */
async function firstRowDay(page: Page, caption: string) {
  const iso = await table(page, caption).locator("tbody tr").first().locator("time").last().getAttribute("datetime");
  return new Date(new Date(iso ?? "").getTime() - 6 * 3600_000).toISOString().slice(0, 10);
}

type ListCase = {
  path: string;
  caption: string;
  /** Narrows the list; returns the URL fragment the filter writes. */
  filter?: (page: Page) => Promise<RegExp>;
  /** Where a row leads, when rows lead somewhere. */
  detail?: RegExp;
};

const byStatus = (label: string, value: string) => async (page: Page) => {
  await toolbar(page).getByLabel("Estado").selectOption({ label });
  return new RegExp(`status=${value}`);
};

const byCreatedDay = (caption: string) => async (page: Page) => {
  const day = await firstRowDay(page, caption);
  await toolbar(page).getByLabel("Creado desde").fill(day);
  return new RegExp(`from=${day}`);
};

const LISTS: ListCase[] = [
  { path: "/transfers", caption: "Transferencias SINPE", filter: byStatus("Recibida", "received"), detail: /\/transfers\/[^/?]{25}$/ },
  { path: "/customers", caption: "Clientes", filter: byCreatedDay("Clientes"), detail: /\/customers\/[^/?]+$/ },
  { path: "/subscriptions", caption: "Suscripciones", filter: byStatus("Activa", "active"), detail: /\/subscriptions\/[^/?]+$/ },
  { path: "/renewals", caption: "Renovaciones", filter: byStatus("Pagada", "paid"), detail: /\/subscriptions\/[^/?]+$/ },
  { path: "/marketplace", caption: "Cuentas conectadas", filter: byCreatedDay("Cuentas conectadas") },
  { path: "/products", caption: "Productos" },
];

for (const list of LISTS) {
  test.describe(list.path, () => {
    test("walks a page forward and back to the same rows", async ({ page }) => {
      await signIn(page, "viewer", `${list.path}?limit=10`);
      // The rows stream in after the shell: wait for them before reading.
      await expect(table(page, list.caption).locator("tbody tr")).toHaveCount(10);
      const first = await rowIds(page, list.caption);
      expect(first).toHaveLength(10);
      const second = await turn(page, list.caption, "Siguiente");
      expect(second.some((id) => first.includes(id))).toBe(false);
      await expect(page).toHaveURL(/startingAfter=/);
      expect(await turn(page, list.caption, "Anterior")).toEqual(first);
    });

    if (list.filter) {
      const filter = list.filter;
      test("a filter narrows the total and lives in the URL", async ({ page }) => {
        await signIn(page, "viewer", `${list.path}?limit=10`);
        await expect(table(page, list.caption)).toBeVisible();
        const all = await total(page);
        let written = /./;
        const narrowed = await narrow(page, async () => (written = await filter(page)));
        await expect(page).toHaveURL(written);
        expect(narrowed).toBeGreaterThan(0);
        expect(narrowed).toBeLessThan(all);
      });
    }

    if (list.detail) {
      const detail = list.detail;
      test("a row opens its detail page", async ({ page }) => {
        await signIn(page, "viewer", `${list.path}?limit=10`);
        await table(page, list.caption).locator("tbody tr").first().getByRole("link").first().click();
        await expect(page).toHaveURL(detail);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }
  });
}

test("a SINPE reference of the wrong length is explained, not sent", async ({ page }) => {
  await signIn(page, "viewer", "/transfers");
  await toolbar(page).getByLabel("Referencia SINPE").fill("12345");
  await toolbar(page).getByLabel("Referencia SINPE").press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Esa no es una referencia SINPE" })).toContainText("tiene 5");
  await expect(page).toHaveURL(/reference=12345/);
});

test("connected accounts label every status and show no onboarding link", async ({ page, request }) => {
  // A seller whose onboarding link the service has just handed out: the list must show the seller, never the link.
  const account = await fromService<{ id: string; businessName: string }>(request, "/v1/connected-accounts", { body: { businessName: "Soda La Esquina de Prueba" } });
  const { onboardingUrl } = await fromService<{ onboardingUrl: string }>(request, `/v1/connected-accounts/${account.id}/onboarding-link`, { body: {} });
  expect(onboardingUrl).toMatch(/^https?:\/\//);
  await signIn(page, "viewer", "/marketplace?limit=100");
  await expect(table(page, "Cuentas conectadas").getByText(account.businessName)).toBeVisible();
  await expect(table(page, "Cuentas conectadas")).toBeVisible();
  const statuses = await table(page, "Cuentas conectadas").locator("tbody tr td:nth-child(2)").allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  for (const status of statuses) expect(status).not.toMatch(/_/);
  const html = await page.content();
  expect(html).not.toContain(onboardingUrl);
  expect(html).not.toContain(new URL(onboardingUrl).pathname);
  expect(html).not.toContain("onboardingUrl");
});

test("a list and the Overview name the time zone by its place, not its IANA id", async ({ browser, baseURL }) => {
  for (const [language, table, overview] of [
    ["es", "Fechas y horas según la hora de Costa Rica", "La semana empieza el lunes; hora de Costa Rica."],
    ["en", "Dates and times in Costa Rica time", "Weeks start on Monday; Costa Rica time."],
  ] as const) {
    const context = await browser.newContext();
    await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
    await addSession(context, "viewer");
    const page = await context.newPage();
    await page.goto("/payments");
    await expect(page.getByText(table)).toBeVisible();
    await page.goto("/");
    await expect(page.getByText(overview)).toBeVisible();
    await expect(page.locator("main")).not.toContainText("America/Costa_Rica");
    await context.close();
    // Settings → Connection names it the same way (the IANA id is the value's tooltip).
    const admin = await browser.newContext();
    await admin.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
    await addSession(admin, "admin");
    const settings = await admin.newPage();
    await settings.goto("/settings");
    await expect(settings.getByText(table, { exact: true })).toBeVisible();
    await expect(settings.locator("main")).not.toContainText("America/Costa_Rica");
    await admin.close();
  }
});

// The Customers list's name, e-mail or phone filter: the service filters customers by created date only, so the
// filter reads the sync's copy, and the page says so. On a stack of its own (seed "e2e-names": one María … Rodríguez
// among 100 test customers), whose copy is empty until the second test syncs it.
test.describe("/customers by name, e-mail or phone", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  type Customer = { id: string; name: string | null; email: string | null; phone: string | null; createdAt: string };
  let stack: OwnStack;
  const filterBox = (page: Page) => toolbar(page).getByLabel("Nombre, correo o teléfono");
  const rows = (page: Page) => table(page, "Clientes").locator("tbody tr");

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startOwnStack({ name: "names-list", seed: "e2e-names", scale: 0.05, portOffset: 75 });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("before the copy exists the filter says it cannot find anyone yet, instead of listing everyone", async ({ browser }) => {
    const page = await stack.open(browser, "viewer", "/customers?q=rodriguez");
    await expect(page.getByRole("alert").filter({ hasText: "La copia local de clientes aún no está completa" })).toContainText("aún no tiene ningún cliente");
    await expect(page.getByText("Nada coincide con estos filtros")).toBeVisible();
  });

  test("typed, it narrows to the copy's matches in the URL, combined with the created dates; a phone finds its customer", async ({ browser }) => {
    await stack.sync({ resources: ["customers"] });
    const people = await stack.listAll<Customer>("/v1/customers");
    const maria = people.find((c) => /^María .*Rodríguez/.test(c.name ?? ""))!;
    const page = await stack.open(browser, "viewer", "/customers?limit=10");
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByTestId("synced-note")).toHaveCount(0);

    await filterBox(page).fill("rodriguez maria");
    await filterBox(page).press("Enter");
    await expect(page).toHaveURL(/[?&]q=rodriguez(\+|%20)maria/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(maria.name!);
    await expect(totalText(page)).toHaveText("1 cliente");
    await expect(page.getByTestId("synced-note")).toContainText("Copia local de clientes");
    await expect(page.getByText("Filtrado en la copia local de clientes", { exact: false })).toBeVisible();
    // The last transaction is not in the copy: said so, not shown as "never".
    await expect(rows(page).first()).toContainText("No copiada");

    // Created the day after that customer: nobody left.
    const created = new Date(new Date(maria.createdAt).getTime() - 6 * 3600_000);
    const nextDay = new Date(created.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
    await toolbar(page).getByLabel("Creado desde").fill(nextDay);
    await expect(page).toHaveURL(new RegExp(`from=${nextDay}`));
    await expect(page).toHaveURL(/q=rodriguez/);
    await expect(page.getByText("Nada coincide con estos filtros")).toBeVisible();
    await toolbar(page).getByLabel("Creado desde").fill(created.toISOString().slice(0, 10));
    await expect(rows(page)).toHaveCount(1);

    // Part of the phone, written as people write it.
    const digits = maria.phone!.replace(/^\+506/, "");
    await filterBox(page).fill(`${digits.slice(0, 4)}-${digits.slice(4)}`);
    await filterBox(page).press("Enter");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(maria.name!);
  });

  test("many matches page by the copy's cursors, forward and back to the same rows", async ({ browser }) => {
    const page = await stack.open(browser, "viewer", "/customers?limit=10&q=gmail");
    await expect(rows(page)).toHaveCount(10);
    const all = await total(page);
    expect(all).toBeGreaterThan(10);
    const first = await rowIds(page, "Clientes");
    const second = await turn(page, "Clientes", "Siguiente");
    expect(second.some((id) => first.includes(id))).toBe(false);
    await expect(page).toHaveURL(/startingAfter=\d{4}-\d\d-\d\dT[^&]*~cus_/);
    expect(await turn(page, "Clientes", "Anterior")).toEqual(first);
  });
});
