import type { SearchParams } from "nuqs/server";
import { Suspense, type ComponentType, type ReactNode } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import type { ListTableData } from "@/components/data-table/list-table";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { LIST_ROWS_ANCHOR } from "@/components/ui/list-anchor";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT, type Translator } from "@/lib/i18n/server";
import type { FilterControl, FilterDef, ListStateOf, MessageKey } from "@/lib/list-filters";
import { SyncedNote } from "./_sync/synced-note";
import { loadListView, toListTableData, type ListSource, type ListView } from "./list-view";

type PageOptions<Filters extends readonly FilterDef[]> = {
  /** Shown instead of the rows when the source's check refuses the state (nothing is loaded then). */
  refuse?: (state: ListStateOf<Filters>, t: Translator) => ReactNode;
  /** Beside the title: the list's own actions (the marketplace's "Create seller", a link to a related page). */
  actions?: (t: Translator) => ReactNode;
  /** The list's own parts around the shared ones: above its filters (figures, counts, notices) and below its rows (a panel). */
  above?: (state: ListStateOf<Filters>) => ReactNode;
  below?: (state: ListStateOf<Filters>) => ReactNode;
};

/** The toolbar's controls in the operator's language: the browser gets words, not the declaration's functions. */
export function filterControls({ filters, words }: { filters: readonly FilterDef[]; words: string }, t: Translator): FilterControl[] {
  return filters.map((filter) => {
    if (filter.kind === "range") return filter.labels ? { kind: "range", labels: { from: t(filter.labels.from), to: t(filter.labels.to) } } : { kind: "range" };
    if (filter.kind === "text") {
      const { key, label = `${words}.${key}` as MessageKey, placeholder = `${words}.${key}Placeholder` as MessageKey, code } = filter;
      return { kind: "text", key, label: t(label), placeholder: t(placeholder), ...(code && { code }) };
    }
    const { key, values, open } = filter;
    const options = values.map((value) => ({ value, label: t(filter.optionLabel(value)) }));
    return { kind: "select", key, values, open, label: t(filter.label), allLabel: t(filter.allLabel), options };
  });
}

/**
 * A list's route (its page.tsx is `export default listPage(source, Table)`): its header and filters at once, then the
 * rows streamed in when the source answers, or the source's failure explained in their place without breaking the
 * rest of the page.
 */
export function listPage<Filters extends readonly FilterDef[], Item, Row>(
  source: ListSource<Filters, Item, Row>,
  Table: ComponentType<ListTableData<Row>>,
  options: PageOptions<Filters> = {},
) {
  const { list } = source;
  return async function ListRoute({ searchParams }: { searchParams: Promise<SearchParams> }) {
    const [t, state] = await Promise.all([getT(), list.parse(searchParams)]);
    const refused = source.check?.(state) ? (options.refuse?.(state, t) ?? null) : undefined;
    // The rows are asked for before this page's own check: the loader checks too and gives nothing until it passes,
    // and the service's answer, the page's slowest part, need not wait for the check.
    const view = refused === undefined ? startedBeforeCheck(loadListView(source, state)) : null;
    await requireOperator("viewer");
    return (
      <>
        <PageHeader title={t(`pages.${list.name}.title`)} description={t(`pages.${list.name}.description`)} actions={options.actions?.(t)} />
        {list.syncedFrom && <SyncedNote resource={list.syncedFrom} />}
        {options.above?.(state)}
        <div id={LIST_ROWS_ANCHOR} className="scroll-mt-4" />
        <ListToolbar filters={filterControls(list, t)} exportList={list.name} />
        {view ? (
          // Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls.
          <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={list.skeletonColumns} rows={Math.min(state.limit, 10)} />}>
            <ListResults state={state} view={view} filterKeys={list.filterKeys} Table={Table} />
          </Suspense>
        ) : (
          refused
        )}
        {options.below?.(state)}
      </>
    );
  };
}

async function ListResults<Row>({
  state,
  view: loading,
  filterKeys,
  Table,
}: {
  state: Record<string, unknown>;
  view: Promise<ListView<Row>>;
  filterKeys: readonly string[];
  Table: ComponentType<ListTableData<Row>>;
}) {
  const view = await loading;
  if (!view.ok) return <DataTableError {...view.error} />;
  return <Table {...await toListTableData(view, state, filterKeys)} />;
}
