import { AlertTriangle, SearchX } from "lucide-react";
import Link from "next/link";
import { ResultLine } from "@/components/search/result-line";
import { SearchExplanation } from "@/components/search/search-explanation";
import { Card } from "@/components/ui/card";
import { getT } from "@/lib/i18n/server";
import type { SearchView } from "@/lib/search/types";

/** The page's answer: the hits as links, or why there are none. Where the search looked is always one click away. */
export async function SearchResults({ view }: { view: SearchView }) {
  const t = await getT();
  if (view.status === "empty") return <p className="text-sm text-slate-500">{t("search.page.prompt")}</p>;
  if (view.status === "invalid") {
    return (
      <Card role="alert" className="flex gap-3 p-4 text-sm text-slate-700">
        <AlertTriangle aria-hidden className="size-5 shrink-0 text-amber-500" />
        <p>{view.heading}</p>
      </Card>
    );
  }
  if (view.status !== "found") {
    return (
      <Card className="p-6">
        <div className="flex items-start gap-3">
          <SearchX aria-hidden className="mt-0.5 size-6 shrink-0 text-slate-400" />
          <div className="min-w-0">
            <h2 className="text-base font-semibold break-words text-slate-900">{view.heading}</h2>
            <div className="mt-3">
              <SearchExplanation view={view} />
            </div>
          </div>
        </div>
      </Card>
    );
  }
  return (
    <section aria-labelledby="search-results-heading">
      <h2 id="search-results-heading" className="mb-3 text-sm font-semibold break-words text-slate-700">
        {view.heading}
      </h2>
      <Card>
        <ul className="divide-y divide-slate-100">
          {view.items.map((item) => (
            <li key={item.key}>
              {item.href ? (
                <Link href={item.href} className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5">
                  <ResultLine item={item} />
                </Link>
              ) : (
                <div className="px-4 py-3 sm:px-5">
                  <ResultLine item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </Card>
      {view.more && (
        <p className="mt-3 text-sm">
          <Link href={view.more.href} className="font-medium text-indigo-600 hover:text-indigo-500">
            {view.more.label}
          </Link>
        </p>
      )}
      <details className="mt-4 text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-700 select-none">{t("search.whereTitle")}</summary>
        <div className="mt-2">
          <SearchExplanation view={view} />
        </div>
      </details>
    </section>
  );
}
