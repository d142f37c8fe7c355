"use client";
import { AlertCircle } from "lucide-react";
import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { signInAction, type SignInState } from "./actions";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("signIn");
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  const message =
    state.error === "locked" ? t("locked", { minutes: state.minutes }) : state.error ? t(state.error) : null;

  return (
    <form action={action} aria-label={t("title")} className="space-y-5" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {message && (
        <div role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </div>
      )}
      <div className="space-y-1.5">
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">{t("email")}</label>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus defaultValue={state.email ?? ""} aria-invalid={!!state.error} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">{t("password")}</label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required aria-invalid={!!state.error} />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
