import { expect, type Page } from "@playwright/test";
import { e2eState, type E2eState } from "./state";

export async function signIn(page: Page, who: keyof E2eState["operators"], path = "/") {
  const person = e2eState().operators[who];
  await page.goto(path);
  await submitSignIn(page, person.email, person.password);
  await expect(page.getByRole("navigation", { name: /navegación principal|main navigation/i })).toBeVisible();
  return person;
}

/** The sign-in form's error (Next's route announcer is another, empty, role="alert"). */
export function signInAlert(page: Page) {
  return page.getByRole("form", { name: /iniciar sesión|sign in/i }).getByRole("alert");
}

/** Fills and submits the sign-in form, and waits for the server action's answer (the form resets when it lands). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(/correo electrónico|email/i).fill(email);
  await page.getByLabel(/contraseña|password/i).fill(password);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/sign-in"),
    page.getByRole("button", { name: /^(entrar|sign in)$/i }).click(),
  ]);
}
