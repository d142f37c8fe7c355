import { expect, test, type Page } from "@playwright/test";
import { expectAfterReloads, openSearchWithShortcut, signIn } from "./helpers";
import { fromService, runScenario } from "./sandbox";

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
