import { expect, test } from "@playwright/test";
import { addSession, signIn } from "./helpers";

test("a viewer is refused the admin-only settings page", async ({ page }) => {
  await signIn(page, "viewer");
  await expect(page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Configuración" })).toHaveCount(0);
  const response = await page.goto("/settings");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
  await expect(page.getByText("e2e-admin@example.com")).toHaveCount(0);
});

test("an operator is refused settings too; an admin sees the operators and the audit trail", async ({ browser }) => {
  const operatorPage = await (await browser.newContext()).newPage();
  await addSession(operatorPage.context(), "operator");
  expect((await operatorPage.goto("/settings"))?.status()).toBe(403);

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, "admin");
  await adminPage.getByRole("link", { name: "Configuración" }).click();
  await expect(adminPage.getByRole("heading", { name: "Configuración" })).toBeVisible();
  const operators = adminPage.getByRole("table").first();
  await expect(operators.getByRole("row", { name: /e2e-viewer@example\.com.*Solo lectura/ })).toBeVisible();
  await expect(operators.getByRole("row", { name: /e2e-admin@example\.com.*Administrador/ })).toBeVisible();
  // The latest actions in words (the stored code only on hover), and the way to the whole log.
  await expect(adminPage.getByRole("cell", { name: "Operador creado" }).first()).toBeVisible();
  await expect(adminPage.getByRole("link", { name: "Ver todo el registro →" })).toBeVisible();
});

test("a 403 in the shell fits the window (no scrolling onto blank space, on a desktop or a phone) inside the shell's one main landmark", async ({ browser }) => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ viewport });
    await addSession(context, "viewer");
    const page = await context.newPage();
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
    // One main landmark: the shell's, with the message inside it (not a second <main> nested in the first).
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight }));
    expect(scrollHeight, `${viewport.width} px`).toBeLessThanOrEqual(innerHeight);
    await context.close();
  }
});
