"use client";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

// A failed page keeps the shell around it: the sidebar and menus still work.
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("errors");
  return (
    <Card className="p-8 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t("genericTitle")}</h1>
      <p className="mt-2 text-sm text-slate-500">{t("genericBody")}</p>
      <Button className="mt-4" onClick={reset}>{t("retry")}</Button>
    </Card>
  );
}
