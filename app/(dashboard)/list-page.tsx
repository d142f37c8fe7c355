import type { SearchParams } from "nuqs/server";
import { Suspense, type ComponentType, type ReactNode } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import type { ListTableData } from "@/components/data-table/list-table";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT } from "@/lib/i18n/server";
import type { ListState } from "@/lib/list-params";
import { toListTableData, type ListView } from "./list-view";

type ListPageProps<State extends ListState & Record<string, unknown>, Row> = {
  /** Names the page's title and description (pages.<page>). */
  page: "payments" | "customers" | "subscriptions" | "renewals" | "transfers" | "marketplace" | "products" | "events";
  searchParams: Promise<SearchParams>;
  /** The route's search-params.ts loader: the URL is the list's whole state. */
  parse: (searchParams: Promise<SearchParams>) => Promise<State>;
  /** The route's filters (a client component reading the same URL state). */
  toolbar: ReactNode;
  load: (state: State) => Promise<ListView<Row>>;
  filterKeys: readonly string[];
  Table: ComponentType<ListTableData<Row>>;
  skeletonColumns: number;
  /** Shown instead of the rows when the state itself cannot be asked for (nothing is loaded then). */
  refuse?: (state: State, t: Awaited<ReturnType<typeof getT>>) => ReactNode;
};

/**
 * Every list page: its header and filters at once, then the rows streamed in when the source answers, or the
 * source's failure explained in their place without breaking the rest of the page.
 */
export async function ListPage<State extends ListState & Record<string, unknown>, Row>(props: ListPageProps<State, Row>) {
  const [t, state] = await Promise.all([getT(), props.parse(props.searchParams)]);
  const refused = props.refuse?.(state, t);
  // The rows are asked for before this page's own check: the loader checks too and gives nothing until it passes,
  // and the service's answer, the page's slowest part, need not wait for the check.
  const view = refused ? null : startedBeforeCheck(props.load(state));
  await requireOperator("viewer");
  return (
    <>
      <PageHeader title={t(`pages.${props.page}.title`)} description={t(`pages.${props.page}.description`)} />
      {props.toolbar}
      {view ? (
        // Keyed by the view: a new page or filter shows the skeleton instead of the old rows under new controls.
        <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={props.skeletonColumns} rows={Math.min(state.limit, 10)} />}>
          <ListResults state={state} view={view} filterKeys={props.filterKeys} Table={props.Table} />
        </Suspense>
      ) : (
        refused
      )}
    </>
  );
}

async function ListResults<State extends ListState & Record<string, unknown>, Row>({
  state,
  view: loading,
  filterKeys,
  Table,
}: Pick<ListPageProps<State, Row>, "filterKeys" | "Table"> & { state: State; view: Promise<ListView<Row>> }) {
  const view = await loading;
  if (!view.ok) return <DataTableError {...view.error} />;
  return <Table {...await toListTableData(view, state, filterKeys)} />;
}
