import { Card } from "@/components/ui/card";
import { getT } from "@/lib/i18n/server";

// Shown while the lookups run (reading the customers list takes a few requests).
export default async function SearchLoading() {
  const t = await getT();
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {t("search.dialog.searching")}
      </p>
      <div className="animate-pulse">
        <div className="mb-6 h-7 w-40 rounded bg-slate-200" />
        <div className="mb-6 h-10 max-w-2xl rounded bg-slate-200" />
        <Card className="space-y-4 p-6">
          {[0, 1, 2].map((row) => (
            <div key={row} className="space-y-2">
              <div className="h-3 w-24 rounded bg-slate-200" />
              <div className="h-4 w-2/3 rounded bg-slate-200" />
            </div>
          ))}
        </Card>
      </div>
    </div>
  );
}
