"use server";
import { headers } from "next/headers";
import { AuthError, CredentialsSignin } from "next-auth";
import { z } from "zod";
import { getDb } from "@/db";
import { signIn } from "@/lib/auth";
import { lockStatus } from "@/lib/auth/authenticate";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { clientIp } from "@/lib/auth/client-ip";

export type SignInState =
  | { error?: undefined; email?: string }
  | { error: "missingFields" | "invalid" | "unavailable"; email: string }
  | { error: "locked"; minutes: number; email: string };

const formSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = formSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success) return { error: "missingFields", email };
  try {
    // Succeeds by throwing Next's redirect to the (same-origin) page the operator was going to.
    await signIn("credentials", { ...parsed.data, redirectTo: safeCallbackPath(form.get("callbackUrl")) });
    return {};
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      if (error.code !== "locked") return { error: "invalid", email };
      const until = await lockStatus(getDb(), parsed.data.email, clientIp(await headers()));
      const minutes = until ? Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) : 15;
      return { error: "locked", minutes, email };
    }
    if (error instanceof AuthError) return { error: "unavailable", email };
    throw error;
  }
}
