import { Inbox } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { Card } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import type { Messages } from "@/lib/i18n/messages/es";
import { PageHeader } from "./page-header";

/** An area of the shell whose data arrives with a later issue: title, purpose, and an honest empty state. */
export async function AreaPlaceholder({ area }: { area: keyof Messages["pages"] }) {
  await requireOperator("viewer");
  const t = await getT();
  return (
    <>
      <PageHeader title={t(`pages.${area}.title`)} description={t(`pages.${area}.description`)} />
      <Card className="flex flex-col items-center justify-center gap-2 px-6 py-16 text-center">
        <SpriteIcon icon={Inbox} className="size-8 text-slate-300" />
        <p className="text-sm font-medium text-slate-700">{t("empty.notYet")}</p>
        <p className="max-w-md text-sm text-slate-500">{t("empty.notYetBody")}</p>
      </Card>
    </>
  );
}
