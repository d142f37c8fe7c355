"use server";
// Shell preferences: language and mode. Cookies only; they change what is shown, not any stored data.
import { cookies } from "next/headers";
import { signOut } from "@/lib/auth";
import { getDb } from "@/db";
import { currentOperator, requireOperator } from "@/lib/auth/require-operator";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/config";
import { availableModes, isMode, MODE_COOKIE } from "@/lib/mode";
import { endOperatorSessions } from "@/lib/operators";

const ONE_YEAR = 365 * 24 * 60 * 60;
const cookieOptions = { path: "/", maxAge: ONE_YEAR, sameSite: "lax", httpOnly: true } as const;

export type PreferenceResult = { ok: true } | { ok: false; error: string };

// Open to signed-out visitors too: the sign-in page has the language switch.
export async function setLocaleAction(locale: unknown): Promise<PreferenceResult> {
  if (!isLocale(locale)) return { ok: false, error: "unknown language" };
  (await cookies()).set(LOCALE_COOKIE, locale, cookieOptions);
  return { ok: true };
}

export async function setModeAction(mode: unknown): Promise<PreferenceResult> {
  await requireOperator("viewer");
  if (!isMode(mode) || !availableModes().includes(mode)) return { ok: false, error: "mode not configured" };
  (await cookies()).set(MODE_COOKIE, mode, cookieOptions);
  return { ok: true };
}

// Ends every session of the operator (a copied cookie included), then clears this browser's cookie.
export async function signOutAction(): Promise<void> {
  const operator = await currentOperator();
  if (operator) await endOperatorSessions(getDb(), operator, { operatorId: operator.id, label: operator.email });
  await signOut({ redirectTo: "/sign-in" });
}
