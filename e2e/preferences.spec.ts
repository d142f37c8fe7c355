import { expect, test } from "@playwright/test";
import { dedicatedOperator, signIn, signInAs } from "./helpers";

test("the language switch turns the shell to English and persists across reload and sign-out", async ({ page }) => {
  await signInAs(page, await dedicatedOperator("e2e-language@example.com", "Elena Rojas"));
  await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "en" }).click();
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Payments" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();

  await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "es" }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
});

test("the mode switch offers both configured modes; test mode shows the test-data banner", async ({ page }) => {
  await signIn(page, "viewer");
  const banner = page.getByRole("status").filter({ hasText: "Modo de prueba" });
  const modes = page.getByRole("group", { name: "Modo" });
  await expect(banner).toBeVisible();
  await expect(modes.getByRole("button", { name: "Prueba" })).toHaveAttribute("aria-pressed", "true");

  await modes.getByRole("button", { name: "Producción" }).click();
  await expect(modes.getByRole("button", { name: "Producción" })).toHaveAttribute("aria-pressed", "true");
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(modes.getByRole("button", { name: "Producción" })).toHaveAttribute("aria-pressed", "true");

  await modes.getByRole("button", { name: "Prueba" }).click();
  await expect(banner).toBeVisible();
});
