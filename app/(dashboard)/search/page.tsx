import { redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/layout/page-header";
import { SearchForm } from "@/components/search/search-form";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import { loadSearch } from "./data";
import { loadSearchSearchParams } from "./search-params";
import { SearchResults } from "./search-results";

// GET /search?q= — global search. One exact hit opens its page directly; several are listed; none is explained with
// where the search looked and how far.
export default async function SearchPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("viewer");
  const [t, { q }] = await Promise.all([getT(), loadSearchSearchParams(searchParams)]);
  const view = await loadSearch(q);
  if (view.navigateTo) redirect(view.navigateTo);
  return (
    <>
      <PageHeader title={t("search.page.title")} description={t("search.page.description")} />
      <div className="mb-6 max-w-2xl">
        <SearchForm defaultValue={q} variant="page" />
      </div>
      <SearchResults view={view} />
    </>
  );
}
