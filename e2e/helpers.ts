import { expect, type Page } from "@playwright/test";
import { e2eState, type E2eState } from "./state";

export async function signIn(page: Page, who: keyof E2eState["operators"], path = "/") {
  const person = e2eState().operators[who];
  await page.goto(path);
  await page.getByLabel(/correo electrónico|email/i).fill(person.email);
  await page.getByLabel(/contraseña|password/i).fill(person.password);
  await page.getByRole("button", { name: /^(entrar|sign in)$/i }).click();
  await expect(page.getByRole("navigation", { name: /navegación principal|main navigation/i })).toBeVisible();
  return person;
}

/** The sign-in form's error (Next's route announcer is another, empty, role="alert"). */
export function signInAlert(page: Page) {
  return page.getByRole("form", { name: /iniciar sesión|sign in/i }).getByRole("alert");
}
