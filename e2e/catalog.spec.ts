import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { LOCALE_COOKIE } from "../lib/i18n/config";
import { localDay } from "../lib/local-days";
import es from "../lib/i18n/messages/es";
import { parseCsv } from "../scripts/test/read-csv";
import { closedPort, startAppServer } from "./app-server";
import { signIn, submitSignIn, VIEWER_EXPORT } from "./helpers";
import { fromService, runScenario, scenario } from "./sandbox";
import { E2E_DIR, E2E_PORT, e2eState } from "./state";

// The catalog screens against the seeded sandbox (issue 16): a customer's saved cards, a product's prices, the checkout
// sessions the service's webhooks report, shipping rates; and each of them with the service stopped. Screenshots of
// each page in both languages go to .data/e2e/catalog/ for a person to look at.

const SHOTS = path.join(E2E_DIR, "catalog");
const money = (amount: number, currency: string) => formatMoney(amount, currency, "es-CR");
const RAW_KEY = new RegExp(`\\b(?:${Object.keys(es).join("|")})\\.[a-zA-Z]`);

type Fixtures = { customers: Record<string, string>; expiringCard: string; products: Record<string, string> };
const fixtures = async (request: APIRequestContext) => {
  const response = await request.get(`${e2eState().sandboxURL}/_sandbox/fixtures?mode=test`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Fixtures;
};

/** Both languages: the page as the operator sees it, with no catalog key left raw, saved for a person to look at. */
async function shootBoth(page: Page, name: string, baseURL: string) {
  // A key a client component uses but its layout does not send renders as the key and is logged (MISSING_MESSAGE).
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/MISSING_MESSAGE|INSUFFICIENT_PATH|FORMATTING_ERROR/.test(message.text())) problems.push(message.text());
  });
  for (const locale of ["es", "en"] as const) {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL }]);
    await page.reload();
    await expect(page.locator("main")).toBeVisible();
    expect((await page.locator("main").innerText()).match(RAW_KEY)?.[0], `a raw key on ${page.url()} (${locale})`).toBeUndefined();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${locale}.png`), fullPage: true });
  }
  expect(problems, page.url()).toEqual([]);
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: "es", url: baseURL }]);
  await page.reload();
}

const paymentMethods = (page: Page) => page.getByRole("region", { name: "Métodos de pago guardados" });

test("a customer with two cards, one expired, shows both and flags the expired one", async ({ page, request, baseURL }) => {
  const { customers } = await fixtures(request);
  const { data: cards } = await fromService<{ data: { id: string; card: { expMonth: number; expYear: number; last4: string } }[] }>(request, `/v1/customers/${customers.twoCardsOneExpired}/payment-methods`);
  expect(cards).toHaveLength(2);
  // This month in Costa Rica, as the app judges a card (the machine's own month differs from 00:00 to 06:00 UTC on a 1st).
  const [year, month] = localDay(new Date(), "America/Costa_Rica").split("-").map(Number);
  const expired = cards.find((c) => c.card.expYear * 12 + c.card.expMonth < year! * 12 + month!)!;
  const valid = cards.find((c) => c !== expired)!;

  await signIn(page, "viewer", `/customers/${customers.twoCardsOneExpired}`);
  const section = paymentMethods(page);
  await expect(section.getByRole("listitem")).toHaveCount(2);
  const expiredItem = section.locator(`[data-payment-method="${expired.id}"]`);
  await expect(expiredItem).toContainText(`•••• ${expired.card.last4}`);
  await expect(expiredItem).toContainText(`${String(expired.card.expMonth).padStart(2, "0")}/${expired.card.expYear}`);
  await expect(expiredItem.getByText("Vencida", { exact: true })).toBeVisible();
  const validItem = section.locator(`[data-payment-method="${valid.id}"]`);
  await expect(validItem).toContainText(`•••• ${valid.card.last4}`);
  await expect(validItem.getByText(/Vencida|Vence este mes/)).toHaveCount(0);
  // The brand's mark, named for a screen reader; the billing name and phone.
  await expect(validItem.getByRole("img", { name: /Visa|Mastercard/ })).toBeVisible();
  await expect(validItem).toContainText("A nombre de");
  await shootBoth(page, "customer-two-cards", baseURL!);

  // The customer with three cards: the one that runs out this month (the sandbox's clock) is called out as such.
  await page.goto(`/customers/${customers.severalCards}`);
  await expect(paymentMethods(page).getByRole("listitem")).toHaveCount(3);
  await expect(paymentMethods(page).locator(`[data-payment-method="${(await fixtures(request)).expiringCard}"]`).getByText("Vence este mes")).toBeVisible();
  await page.goto(`/customers/${customers.noCards}`);
  await expect(paymentMethods(page)).toContainText("Este cliente no tiene métodos de pago guardados.");
});

test("a saved SINPE Móvil method is named in the operator's words, never the service's type", async ({ page, request }) => {
  const { paymentIntentId } = await runScenario(request, "sinpe-transfer-linked");
  const intent = await fromService<{ customerId: string }>(request, `/v1/payment-intents/${paymentIntentId}`);
  await signIn(page, "viewer", `/customers/${intent.customerId}`);
  const section = paymentMethods(page);
  await expect(section.getByRole("listitem").filter({ hasText: "SINPE Móvil" }).first()).toBeVisible();
  await expect(section).not.toContainText("mobile_transfer");
});

test("a product shows its prices in two currencies, on-sale first, and its picture; the list links to it", async ({ page, request, baseURL }) => {
  const { products } = await fixtures(request);
  const product = await fromService<{ id: string; name: string; images: string[] }>(request, `/v1/products/${products.twoCurrencies}`);
  const { data: prices } = await fromService<{ data: { unitAmount: number; currency: string; nickname: string; isActive: boolean }[] }>(request, `/v1/prices?productId=${product.id}&limit=100`);
  expect(new Set(prices.map((p) => p.currency))).toEqual(new Set(["CRC", "USD"]));

  await signIn(page, "viewer", "/products");
  await page.getByRole("link", { name: product.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

  const table = page.getByRole("table", { name: "Precios" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(prices.length);
  for (const price of prices) await expect(table.getByText(money(price.unitAmount, price.currency))).toBeVisible();
  // The inactive old price is listed last.
  const inactive = prices.find((p) => !p.isActive)!;
  await expect(rows.last()).toContainText(inactive.nickname);
  await expect(rows.last()).toContainText("Inactivo");
  await expect(rows.first()).toContainText("Mensual");

  // The service's picture loads under the page's CSP (an image refused by img-src has no natural width).
  const picture = page.getByRole("img", { name: `${product.name}, imagen 1` });
  await expect(picture).toHaveAttribute("src", product.images[0]!);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shootBoth(page, "product", baseURL!);
});

test("a paid checkout appears in the list within seconds, its line items add up to its total, and search finds it by order number", async ({ page, request, baseURL }) => {
  const { created } = await scenario(request, "checkout-session-paid");
  await signIn(page, "viewer", "/checkout-sessions");
  const row = page.locator("main table tbody tr").filter({ hasText: created.orderNumber! });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(row).toContainText("Pagada");
  await expect(row).not.toContainText("No cuadran");
  await shootBoth(page, "checkout-sessions", baseURL!);

  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The amounts on screen add up to the total in the heading (both in CRC's two decimals: digits are minor units).
  const items = page.getByRole("table", { name: "Líneas" });
  await expect(items.locator("tbody tr")).not.toHaveCount(0);
  const minor = (text: string) => Number(text.replace(/\D/g, ""));
  const amounts = (await items.locator("tbody tr td:last-child").allInnerTexts()).map(minor);
  expect(amounts.length).toBeGreaterThan(0);
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(minor(await page.getByRole("heading", { level: 1 }).innerText()));
  await expect(page.getByText("Suma de las líneas (igual al total)")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Las líneas no suman el total" })).toHaveCount(0);
  // The session's URL is text, not a link.
  await expect(page.locator("header").getByText(created.checkoutSessionUrl!, { exact: true })).toBeVisible();
  await expect(page.locator(`a[href="${created.checkoutSessionUrl}"]`)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Historial" })).toContainText("Sesión de pago completada");
  // The payment the session led to (its metadata's paymentIntentId) opens its page.
  await expect(page.getByRole("link", { name: created.paymentIntentId!, exact: true })).toHaveAttribute("href", `/payments/${created.paymentIntentId}`);
  await shootBoth(page, "checkout-session", baseURL!);
  const detailUrl = page.url();

  // Search by the order number (a metadata value) finds this one session and goes straight to it.
  await page.goto(`/search?q=${encodeURIComponent(created.orderNumber!)}`);
  await expect(page).toHaveURL(detailUrl);
});

test("a checkout whose total includes shipping says its line items do not add up", async ({ page, request }) => {
  const { created } = await scenario(request, "checkout-session-paid-with-shipping");
  await signIn(page, "viewer", `/checkout-sessions?metadata=${encodeURIComponent(created.orderNumber!)}`);
  const row = page.locator("main table tbody tr").first();
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText(created.orderNumber!, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(row).toContainText("No cuadran");
  await row.getByRole("link").first().click();
  await expect(page.getByRole("alert").filter({ hasText: "Las líneas no suman el total" })).toBeVisible();
});

test("shipping rates list the service's rates and export them through the shared route", VIEWER_EXPORT, async ({ page, request, baseURL }) => {
  const { data, meta } = await fromService<{ data: { displayName: string }[]; meta: { total: number } }>(request, "/v1/shipping-rates?limit=100");
  await signIn(page, "viewer", "/shipping-rates");
  await expect(page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Tarifas de envío" })).toBeVisible();
  for (const rate of data) await expect(page.getByText(rate.displayName, { exact: true })).toBeVisible();
  await expect(page.getByText("Gratis").first()).toBeVisible();
  await shootBoth(page, "shipping-rates", baseURL!);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("search", { name: "Filtros" }).getByRole("button", { name: "Exportar CSV" }).click()]);
  const records = parseCsv(readFileSync(await download.path(), "utf8"));
  expect(records).toHaveLength(meta.total + 1);
  expect(records.slice(1).map((record) => record[1])).toEqual(data.map((rate) => rate.displayName));
});

test.describe("with the service stopped", () => {
  test.setTimeout(120_000);

  test("each new page explains the outage, and the checkout pages, read from this app's database, still answer", async ({ page, request }) => {
    const { customers, products } = await fixtures(request);
    // A session recorded before the outage.
    const { created } = await scenario(request, "checkout-session-paid");
    const state = e2eState();
    const app = await startAppServer({
      port: { from: E2E_PORT + 20 },
      logFile: path.join(E2E_DIR, "server-catalog-outage.log"),
      env: { ...state.secrets, DATABASE_URL: state.databaseUrl, PAYMENT_API_URL: `http://127.0.0.1:${await closedPort()}`, PAYMENT_API_RETRY_DELAY_MS: "5" },
    });
    try {
      await page.goto(`${app.baseURL}/shipping-rates`);
      await submitSignIn(page, state.operators.viewer.email, state.operators.viewer.password);
      for (const pathname of ["/shipping-rates", `/products/${products.twoCurrencies}`, `/customers/${customers.twoCardsOneExpired}`]) {
        await page.goto(`${app.baseURL}${pathname}`);
        const alert = page.getByRole("alert").filter({ hasText: "Servicio no disponible" });
        await expect(alert, pathname).toBeVisible();
        await expect(alert).toContainText("El servicio de pagos no está disponible en este momento.");
      }
      await page.goto(`${app.baseURL}/checkout-sessions?metadata=${encodeURIComponent(created.orderNumber!)}`);
      await expect(page.getByRole("alert").filter({ hasText: "Servicio no disponible" })).toHaveCount(0);
      await expect(async () => {
        await page.reload();
        await expect(page.locator("main table tbody tr").filter({ hasText: created.orderNumber! })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await page.locator("main table tbody tr a").first().click();
      await expect(page.getByText("Suma de las líneas (igual al total)")).toBeVisible();
    } finally {
      await app.stop();
    }
  });
});
