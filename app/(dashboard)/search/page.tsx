import { redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { SearchForm } from "@/components/search/search-form";
import { Card } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { loadSearch } from "./data";
import { loadSearchSearchParams } from "./search-params";
import { SearchResults } from "./search-results";

// GET /search?q= — global search. One exact hit opens its page directly; several are listed; none is explained with
// where the search looked and how far. The heading and the form come at once; the lookups' answer streams in below
// them (with no query there is nothing to wait for, and no placeholder is sent).
export default async function SearchPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, { q }] = await Promise.all([getT(), loadSearchSearchParams(searchParams)]);
  return (
    <>
      <PageHeader title={t("search.page.title")} description={t("search.page.description")} />
      <div className="mb-6 max-w-2xl">
        <SearchForm defaultValue={q} variant="page" />
      </div>
      {q === "" ? (
        <Results q={q} />
      ) : (
        <Suspense key={q} fallback={<Searching label={t("search.dialog.searching")} />}>
          <Results q={q} />
        </Suspense>
      )}
    </>
  );
}

async function Results({ q }: { q: string }) {
  const view = await loadSearch(q);
  if (view.navigateTo) redirect(view.navigateTo);
  return <SearchResults view={view} />;
}

/** While the lookups run (reading the customers list takes a few requests). */
function Searching({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Card className="animate-pulse space-y-4 p-6">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-2">
            <div className="h-3 w-24 rounded bg-slate-200" />
            <div className="h-4 w-2/3 rounded bg-slate-200" />
          </div>
        ))}
      </Card>
    </div>
  );
}
