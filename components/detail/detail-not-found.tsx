import { SearchX } from "lucide-react";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import type { DetailList } from "./detail-page";

/**
 * The 404 of a detail page, inside the shell (each route's not-found.tsx renders it). It names the mode, because an
 * id pasted from the other mode is the usual reason an object "does not exist". Events, and the checkout sessions
 * recorded from them, are this app's own records, the rest the Payment Service's: the text says which was asked.
 */
export async function DetailNotFound({ list }: { list: DetailList }) {
  await requireOperator("viewer");
  const [t, mode] = await Promise.all([getT(), getMode()]);
  return (
    <Card className="mx-auto mt-8 flex max-w-lg flex-col items-center gap-2 px-6 py-12 text-center">
      <SearchX aria-hidden className="size-8 text-slate-300" />
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="text-lg font-semibold text-slate-900">{t("detail.notFoundTitle")}</h1>
      <p className="max-w-md text-sm text-slate-500">{t(list === "events" ? `detail.notFoundEvent.${mode}` : list === "checkout-sessions" ? `detail.notFoundCheckout.${mode}` : `detail.notFound.${mode}`)}</p>
      <div className="mt-3">
        <BackLink href={`/${list}`}>{t(`detail.back.${list}`)}</BackLink>
      </div>
    </Card>
  );
}
