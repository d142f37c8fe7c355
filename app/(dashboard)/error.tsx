"use client";
import { DatabaseZap } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/database/digest";

// A failed page keeps the shell around it: the sidebar and menus still work. An unreachable database is said as such
// (the shell is then reduced: see layout.tsx); any other failure gets the generic message.
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  // Re-reads the whole route, shell included (a reduced shell comes back whole once the database answers).
  const retry = () => startRetry(() => {
    router.refresh();
    reset();
  });
  if (error.digest === DATABASE_UNAVAILABLE_DIGEST) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <DatabaseZap aria-hidden className="size-8 text-amber-500" />
        <h1 className="text-lg font-semibold text-slate-900">{t("databaseTitle")}</h1>
        <p className="max-w-lg text-sm text-slate-600">{t("databaseBody")}</p>
        <p className="max-w-lg text-sm text-slate-500">{t("databaseHint")}</p>
        <Button className="mt-2" variant="secondary" disabled={retrying} onClick={retry}>{t("retry")}</Button>
      </Card>
    );
  }
  return (
    <Card className="p-8 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t("genericTitle")}</h1>
      <p className="mt-2 text-sm text-slate-500">{t("genericBody")}</p>
      <Button className="mt-4" disabled={retrying} onClick={retry}>{t("retry")}</Button>
    </Card>
  );
}
