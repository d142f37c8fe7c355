import { redirect } from "next/navigation";
import { Brand } from "@/components/layout/brand";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { Card } from "@/components/ui/card";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { currentOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { setLocaleAction } from "@/app/actions";
import { SignInForm } from "./sign-in-form";

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { callbackUrl } = await searchParams;
  const target = safeCallbackPath(Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl);
  if (await currentOperator()) redirect(target);
  const t = await getT();

  return (
    <main className="flex min-h-screen">
      <div className="hidden w-96 flex-col justify-between bg-slate-900 p-8 lg:flex">
        <Brand />
        <p className="text-sm text-slate-400">{t("signIn.tagline")}</p>
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex justify-end p-4">
          <LocaleSwitch setLocale={setLocaleAction} />
        </div>
        <div className="grid flex-1 place-items-center px-4 pb-16">
          <Card className="w-full max-w-sm p-8">
            <h1 className="text-xl font-semibold text-slate-900">{t("signIn.title")}</h1>
            <p className="mt-1 mb-6 text-sm text-slate-500">{t("signIn.subtitle")}</p>
            <SignInForm callbackUrl={target} />
          </Card>
        </div>
      </div>
    </main>
  );
}
