import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { formatPhone } from "../lib/format/phone";
import { expectAfterReloads, openSearchWithShortcut, signIn } from "./helpers";
import { startOwnStack, type OwnStack } from "./own-stack";
import { fromService, runScenario } from "./sandbox";
import { E2E_DIR } from "./state";

// Global search against the seeded sandbox: the header box and the Ctrl+K dialog land on the object a SINPE reference,
// an e-mail, an id or a phone names, and a search that finds nothing says where it looked and how far.

type Listed<T> = { data: T[]; meta: { total: number; cursorNext?: string | null } };
type Customer = { id: string; name: string | null; email: string | null; phone: string | null };

const headerSearch = (page: Page) => page.getByRole("search", { name: "Búsqueda global" }).getByRole("searchbox");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Buscar" });

async function searchFromHeader(page: Page, text: string) {
  await headerSearch(page).fill(text);
  await headerSearch(page).press("Enter");
}

test("a SINPE reference typed in the header opens its transfer", async ({ page, request }) => {
  const { data } = await fromService<Listed<{ SINPERefNumber: string }>>(request, "/v1/mobile-transfers/list?limit=5");
  const reference = data[3]!.SINPERefNumber;
  await signIn(page, "viewer");
  await searchFromHeader(page, ` ${reference} `);
  await expect(page).toHaveURL(`/transfers/${reference}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
});

test("an e-mail opens its customer, even one past the list's first page and typed in another case", async ({ page, request }) => {
  const first = await fromService<Listed<Customer>>(request, "/v1/customers?limit=100");
  const second = await fromService<Listed<Customer>>(request, `/v1/customers?limit=100&startingAfter=${first.meta.cursorNext}`);
  const customer = second.data.find((c) => c.email && c.name)!;
  await signIn(page, "viewer");
  await searchFromHeader(page, customer.email!.toUpperCase());
  await expect(page).toHaveURL(`/customers/${customer.id}`);
  await expect(page.getByRole("heading", { level: 1, name: customer.name! })).toBeVisible();
});

test("a payment intent's id opens its payment", async ({ page, request }) => {
  const { data } = await fromService<Listed<{ id: string }>>(request, "/v1/payment-intents/account?limit=3");
  const id = data[2]!.id;
  await signIn(page, "viewer");
  await searchFromHeader(page, id);
  await expect(page).toHaveURL(`/payments/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

/** Opens the dialog by its shortcut (helpers' openSearchWithShortcut: once the header's box has hydrated). */
async function openWithShortcut(page: Page) {
  await openSearchWithShortcut(page);
  await expect(dialog(page)).toBeVisible();
}

test("Ctrl+K opens the dialog; a phone finds the customer and the transfer it sent; ↓ and Enter open one; Esc closes", async ({ page, request }) => {
  const { SINPERefNumber, matchingPaymentIntentId } = await runScenario(request, "sinpe-transfer-unlinked-matching");
  const intent = await fromService<{ customer: Customer }>(request, `/v1/payment-intents/${matchingPaymentIntentId}`);
  const digits = intent.customer.phone!.replace(/^\+506/, "");
  const localPhone = `${digits.slice(0, 4)}-${digits.slice(4)}`;
  // The transfer is known by phone only from its webhook, which lands a moment after the scenario.
  await signIn(page, "viewer", `/transfers/${SINPERefNumber}`);
  await expectAfterReloads(page, () => expect(page.getByText("Notificación", { exact: true })).toBeVisible({ timeout: 1_000 }));
  await page.goto("/payments");

  await openWithShortcut(page);
  const input = dialog(page).getByRole("combobox");
  await expect(input).toBeFocused();
  const results = dialog(page).getByRole("listbox", { name: "Resultados" });
  await input.fill(localPhone);
  await input.press("Enter");
  await expect(results.getByRole("option").filter({ hasText: SINPERefNumber })).toBeVisible();
  const customerOption = results.getByRole("option").filter({ hasText: intent.customer.id });
  await expect(customerOption).toBeVisible();
  await expect(customerOption).toHaveAttribute("aria-selected", "true");

  await input.press("ArrowDown");
  await expect(results.getByRole("option").filter({ hasText: SINPERefNumber })).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(page).toHaveURL(`/transfers/${SINPERefNumber}`);
  await expect(dialog(page)).toBeHidden();

  await openWithShortcut(page);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(`/transfers/${SINPERefNumber}`);
});

test("nothing found says what was searched and how far, on the page and in the dialog", async ({ page, request }) => {
  const { meta } = await fromService<Listed<Customer>>(request, "/v1/customers?limit=1");
  await signIn(page, "viewer", "/search?q=nadie.existe%40example.com");

  await expect(page.getByRole("heading", { name: "No encontramos nada para «nadie.existe@example.com»" })).toBeVisible();
  await expect(page.getByText("Lo buscamos como correo electrónico de un cliente:")).toBeVisible();
  await expect(page.getByText(`Leímos la lista completa de clientes del servicio de pagos: ${meta.total} clientes.`)).toBeVisible();
  await expect(page.getByText("Solo en modo prueba.", { exact: false })).toBeVisible();

  await openWithShortcut(page);
  const input = dialog(page).getByRole("combobox");
  await input.fill("pi_noexiste000000000000000");
  await input.press("Enter");
  await expect(dialog(page).getByRole("status")).toHaveText("No encontramos nada para «pi_noexiste000000000000000»");
  await expect(dialog(page).getByText("Preguntamos al servicio de pagos por un pago, un cliente, una suscripción, una renovación o una cuenta conectada con ese id.")).toBeVisible();

  // A mistyped reference is explained, not searched.
  await input.fill("202611011200001234567");
  await input.press("Enter");
  await expect(dialog(page).getByRole("status")).toContainText("Una referencia SINPE tiene 25 caracteres y esta tiene 21.");
});

test("on a narrow screen the search button opens the dialog, and a subscription's id opens its page", async ({ page, request }) => {
  const { data } = await fromService<Listed<{ id: string }>>(request, "/v1/subscriptions?limit=1");
  await signIn(page, "viewer");
  // Signed in first: the sign-in helper looks for the sidebar, which a narrow screen folds away.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(headerSearch(page)).toBeHidden();
  await page.getByRole("button", { name: /^Buscar/ }).click();
  const input = dialog(page).getByRole("combobox");
  await input.fill(data[0]!.id);
  await input.press("Enter");
  await expect(page).toHaveURL(`/subscriptions/${data[0]!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the dialog is the app's one Modal: Escape, its ✕ and a click outside close it, and the focus goes back to what opened it", async ({ page }) => {
  await signIn(page, "viewer", "/payments");
  await headerSearch(page).focus();
  await openWithShortcut(page);
  const input = dialog(page).getByRole("combobox");
  await expect(input).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(headerSearch(page)).toBeFocused();

  await openWithShortcut(page);
  await input.fill("pi_");
  // A click inside keeps it open; one on the dimmed page around it closes it.
  await dialog(page).getByText(/^Un id abre lo que identifica/).click();
  await expect(dialog(page)).toBeVisible();
  await page.mouse.click(20, 600);
  await expect(dialog(page)).toBeHidden();
  await expect(headerSearch(page)).toBeFocused();

  // Opened again it starts empty; its own close button gives the focus back too.
  await openWithShortcut(page);
  await expect(input).toHaveValue("");
  await dialog(page).getByRole("button", { name: "Cerrar búsqueda" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(headerSearch(page)).toBeFocused();
});

// Names: the service cannot filter customers by name, so the search looks in the sync's copy. On a stack of its own,
// whose copy a sync pass fills (the shared stack's copy is another spec's to sync): seed "e2e-names" has exactly one
// María … Rodríguez among its 100 test customers, and several Rodríguez.
test.describe("a customer's name", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  let stack: OwnStack;
  let people: Customer[] = [];
  const plain = (text: string | null) => ` ${(text ?? "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()}`;
  const named = (...words: string[]) => people.filter((c) => words.every((word) => plain(c.name).includes(` ${word}`)));

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startOwnStack({ name: "names-search", seed: "e2e-names", scale: 0.05, portOffset: 70 });
    await stack.sync({ resources: ["customers"] });
    people = await stack.listAll<Customer>("/v1/customers");
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("“maria rodriguez” typed in the header opens the one customer of that name", async ({ browser }) => {
    const [maria, ...others] = named("maria", "rodriguez");
    expect(others).toEqual([]);
    expect(maria!.name).toMatch(/^María .*Rodríguez/);
    const page = await stack.open(browser, "viewer", "/payments");
    await searchFromHeader(page, "maria rodriguez");
    await expect(page).toHaveURL(`${stack.app.baseURL}/customers/${maria!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: maria!.name! })).toBeVisible();
  });

  test("a surname lists every customer who has it, told apart by e-mail, phone and since when; the dialog too, in English", async ({ browser }) => {
    const namesakes = named("rodriguez");
    expect(namesakes.length).toBeGreaterThan(1);
    const page = await stack.open(browser, "viewer", `/search?q=${encodeURIComponent("Rodríguez")}`);
    await expect(page.getByRole("heading", { name: `${namesakes.length} resultados para «Rodríguez»` })).toBeVisible();
    const results = page.getByRole("main").getByRole("listitem").filter({ hasText: "cliente desde el" });
    await expect(results).toHaveCount(namesakes.length);
    for (const customer of namesakes) {
      const result = page.getByRole("link").filter({ hasText: customer.id });
      await expect(result).toHaveAttribute("href", `/customers/${customer.id}`);
      await expect(result).toContainText(customer.name!);
      if (customer.email) await expect(result).toContainText(customer.email);
    }
    await page.getByText("Dónde y cómo buscamos").click();
    await expect(page.getByText(/^Buscamos en la copia local de los clientes \(100 clientes\)/)).toBeVisible();

    const english = await stack.open(browser, "viewer", "/payments", { locale: "en" });
    const dialog = await openSearchWithShortcut(english);
    const input = dialog.getByRole("combobox");
    await input.fill("RODRIGUEZ");
    await input.press("Enter");
    await expect(dialog.getByRole("status")).toHaveText(`${namesakes.length} results for “RODRIGUEZ”`);
    await expect(dialog.getByRole("option").filter({ hasText: "customer since" })).toHaveCount(namesakes.length);
    await input.press("Enter");
    await expect(english).toHaveURL(`${stack.app.baseURL}/customers/${namesakes[0]!.id}`);
  });

  test("at a phone's width the dialog keeps each result's phone on one line, in Spanish and English", async ({ browser }) => {
    // Namesakes in the local copy (the names search reads it) with e-mails of every length from 24 to 40 characters, so
    // that some phone stands where a 390 px line ends, whatever the font.
    const lengths = Array.from({ length: 17 }, (_, index) => 24 + index);
    for (const length of lengths) {
      const email = `${"z".repeat(length - "@example.com".length)}@example.com`;
      await stack.sql`insert into customers (mode, id, name, email, phone, amount_spent, transactions_count, created_at)
        values ('test', ${`cus_zuleta${length}`}, ${`Zuleta Prueba ${length}`}, ${email}, ${`+5068800${String(length).padStart(4, "0")}`}, 0, 0, now())`;
    }
    for (const locale of ["es", "en"] as const) {
      // Signed in first: the sign-in looks for the sidebar, which a narrow screen folds away.
      const page = await stack.open(browser, "viewer", "/payments", { locale });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: locale === "es" ? /^Buscar/ : /^Search/ }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("combobox").fill("Zuleta");
      await dialog.getByRole("combobox").press("Enter");
      await expect(dialog.getByRole("option")).toHaveCount(lengths.length);
      for (const length of lengths) {
        const phone = formatPhone(`+5068800${String(length).padStart(4, "0")}`);
        // The lines the phone's text takes: the distinct tops of its boxes, wherever it sits in the result.
        const lines = await dialog.getByRole("option").filter({ hasText: `cus_zuleta${length}` }).evaluate((element, text) => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.indexOf(text);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + text.length);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          }
          return 0;
        }, phone);
        expect(lines, `the phone ${phone} after an e-mail of ${length} characters, on one line`).toBe(1);
      }
      await page.screenshot({ path: path.join(E2E_DIR, "screens", `search-dialog-phones-${locale}-390.png`) });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: path.join(E2E_DIR, "screens", `search-dialog-phones-${locale}-1440.png`) });
      await page.context().close();
    }
  });

  test("the sentence on what search finds is true: a name with a digit is refused, and says how to write one", async ({ browser }) => {
    const page = await stack.open(browser, "viewer", "/search?q=Mar%C3%ADa%202");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("La búsqueda encuentra clientes por nombre (solo letras, sin números ni signos), ids, correos, teléfonos y referencias SINPE; no texto libre.");
  });
});
