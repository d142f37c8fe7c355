import { SearchX } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { getT } from "@/lib/i18n/server";

// Inside the shell (the mode switch stays at hand): an id from the other mode lands here too, and switching is the fix.
export default async function EventNotFound() {
  const t = await getT();
  return (
    <Card className="mx-auto mt-8 flex max-w-lg flex-col items-center gap-2 px-6 py-12 text-center">
      <SearchX aria-hidden className="size-8 text-slate-300" />
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="text-lg font-semibold text-slate-900">{t("events.detail.notFoundTitle")}</h1>
      <p className="text-sm text-slate-500">{t("events.detail.notFoundBody")}</p>
      <Link href="/events" className="mt-3 rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
        {t("events.detail.backToList")}
      </Link>
    </Card>
  );
}
