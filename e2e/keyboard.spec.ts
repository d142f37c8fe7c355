import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./helpers";

// The keyboard on a list page (the shared list shape, so every list): the focus stays on the control the operator
// used while the page behind it is replaced, the column menu lets go of the focus properly, the skip link jumps past
// the shell, and each row link says which row it opens.

const table = (page: Page) => page.getByRole("table", { name: "Intentos de pago" });
const pagination = (page: Page) => page.getByRole("navigation", { name: "Paginación" });

/** Waits for the list the URL asks for to be on screen: its rows (or its empty state) streamed in, nothing pending. */
async function listLoaded(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Marks the element the locator finds now, and says whether the page replaced it since. */
async function markOld(locator: Locator) {
  await locator.evaluate((element) => element.setAttribute("data-old", ""));
  return () => locator.evaluate((element) => !element.hasAttribute("data-old"));
}

test("the skip link is the first stop and leads to the page's first filter", async ({ page }) => {
  await signIn(page, "viewer", "/payments");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Estado" })).toBeFocused();
});

test("applying a filter and clearing them keep the focus on the control used", async ({ page }) => {
  await signIn(page, "viewer", "/payments");
  const status = page.getByRole("combobox", { name: "Estado" });
  await status.focus();
  await status.selectOption("succeeded");
  await listLoaded(page, /status=succeeded/);
  await expect(status).toBeFocused();

  // The text filter is a new element once applied (it shows what the URL says): the focus comes back to it.
  const customer = page.getByRole("searchbox", { name: "ID de cliente" });
  await customer.focus();
  const replaced = await markOld(customer);
  await page.keyboard.type("cus_nobody");
  await page.keyboard.press("Enter");
  await listLoaded(page, /customerId=cus_nobody/);
  expect(await replaced()).toBe(true);
  await expect(customer).toBeFocused();

  // Reset turns itself off once used, and keeps the focus (a disabled button would drop it).
  const reset = page.getByRole("button", { name: "Limpiar filtros" });
  await reset.focus();
  await page.keyboard.press("Enter");
  await listLoaded(page, /\/payments$/);
  await expect(reset).toBeFocused();
  await expect(reset).toHaveAttribute("aria-disabled", "true");
});

test("Next, Previous and the page size keep the focus where the operator acted", async ({ page }) => {
  await signIn(page, "viewer", "/payments");
  const next = pagination(page).getByText("Siguiente");
  const previous = pagination(page).getByText("Anterior");

  await pagination(page).getByRole("link", { name: "Siguiente" }).focus();
  const replaced = await markOld(next);
  await page.keyboard.press("Enter");
  await listLoaded(page, /startingAfter=/);
  // The pagination is the new page's (its link a new element), and its Next has the focus.
  expect(await replaced()).toBe(true);
  await expect(next).toBeFocused();

  await pagination(page).getByRole("link", { name: "Anterior" }).focus();
  await page.keyboard.press("Enter");
  await listLoaded(page, /endingBefore=/);
  await expect(previous).toBeFocused();

  const size = page.getByRole("combobox", { name: "Filas por página" });
  await size.focus();
  await size.selectOption("50");
  await listLoaded(page, /limit=50/);
  await expect(size).toBeFocused();

  await expect(table(page).locator("tbody tr")).toHaveCount(50);
});

test("the column menu: Escape gives the focus back to its button, and tabbing out closes it", async ({ page }) => {
  await signIn(page, "viewer", "/payments");
  // Named "Columnas (1 oculta)" while a column is hidden (Payments hides its method at first).
  const button = page.getByRole("button", { name: /^Columnas/ });
  const menu = page.getByRole("group", { name: "Columnas visibles" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("checkbox").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press("Enter");
  // Past every checkbox and, with a column hidden, the button that shows them all.
  const stops = (await menu.getByRole("checkbox").count()) + (await page.getByRole("button", { name: "Mostrar todas" }).count());
  for (let i = 0; i <= stops; i++) await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  await expect(button).not.toBeFocused();
});

test("each row link names its row, not only its time", async ({ page }) => {
  await signIn(page, "viewer", "/payments");
  const row = table(page).locator("tbody tr").first();
  const id = await row.getAttribute("data-row-id");
  await expect(row.getByRole("link")).toHaveAccessibleName(new RegExp(`${id}$`));
});

test("a dialog (components/ui/modal): Enter opens it with the focus on its first field, Escape closes it and the focus is back on its button", async ({ page }) => {
  await signIn(page, "admin", "/marketplace");
  const opener = page.getByRole("button", { name: "Crear vendedor" });
  const dialog = page.getByRole("dialog", { name: "Nuevo vendedor" });
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Nombre del negocio")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Its own close button does the same.
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // The opener pressed again the moment the <dialog> has closed, before the browser's close event (a task later; an
  // input's task may run first, as it did once in CI): the dialog opens, and that late event does not close it again.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("textbox", { name: "Nombre del negocio" })).toBeFocused();
  await page.evaluate(() => {
    const element = document.querySelector("dialog[open]") as HTMLDialogElement;
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Crear vendedor"))!;
    const observer = new MutationObserver(() => {
      if (element.open) return;
      observer.disconnect();
      button.click();
    });
    observer.observe(element, { attributes: true, attributeFilter: ["open"] });
    element.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  });
  await expect(dialog.getByRole("textbox", { name: "Nombre del negocio" })).toBeFocused();
  // Still open once every late event has run.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(dialog.getByRole("textbox", { name: "Nombre del negocio" })).toBeVisible();
});
