import "server-only";
import type { DataTableErrorProps } from "@/components/data-table/error-state";
import type { ListTableData } from "@/components/data-table/list-table";
import { packRows } from "@/components/data-table/packed-rows";
import { settle } from "@/lib/payments/settle";
import { getDb } from "@/db";
import { readAsOperator, requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { namedColumnKit, type ExportColumn, type NamedColumnKit } from "@/lib/export/columns";
import { defineExport, exportPageState, type ExportContext, type ListExport } from "@/lib/export/define";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale } from "@/lib/i18n/server";
import type { ExportT } from "@/lib/export/translator";
import type { FilterDef, ListStateOf } from "@/lib/list-filters";
import { hasActiveFilters, toListParams, type ListState } from "@/lib/list-params";
import { getMode } from "@/lib/mode";
import { getPaymentClient, type Page, type PaymentClient } from "@/lib/payments";
import type { ListParams } from "@/lib/payments/page";
import type { ListDeclaration } from "./list-declaration";
import { getColumnVisibility, type ColumnVisibility } from "./table-preferences";

// The server half of a list (each list's source.ts): the one page fetch that both the page and the CSV export make,
// the row mapping (the client gets rows, never whole records), the export's columns, and the read every list page
// makes around them: the operator's role, the current mode's client, the remembered columns, and a service failure
// turned into an explained error. (The events console reads this app's database instead, into the same shape.)

/** Where a page comes from: the mode's Payment Service client or the database; `counting` when the total is wanted. */
export type ListContext = ExportContext & { counting: boolean };

/**
 * The fetch of a list the Payment Service pages: the shared params (size, cursor, created range in the operator's
 * zone) and the list's own filters from `filters(state)`, an unset one left out rather than sent empty.
 */
export function servicePage<State extends ListState, Item, Params extends ListParams>(
  call: (client: PaymentClient, params: Params) => Promise<Page<Item>>,
  filters: (state: State) => { [K in Exclude<keyof Params, keyof ListParams>]?: Params[K] | null } = () => ({}),
) {
  return ({ client, timeZone }: ListContext, state: State) => {
    const own = Object.fromEntries(Object.entries(filters(state)).filter(([, value]) => value !== null && value !== undefined));
    return call(client(), { ...toListParams(state, timeZone), ...own } as Params);
  };
}

export type ListSourceInput<State, Item, Row> = {
  fetchPage: (context: ListContext, state: State) => Promise<Page<Item>>;
  toRow: (item: Item) => Row;
  /** The CSV's columns, in order: what the table shows, a money amount beside its currency (`t` words a cell's text). */
  exportColumns: (columns: NamedColumnKit<Row>, t: ExportT) => ExportColumn<Row>[][];
  /** A filter the list refuses to ask with (a SINPE reference of the wrong length): its key. The page explains it; the export answers 400. */
  check?: (state: State) => string | undefined;
};

export type ListSource<Filters extends readonly FilterDef[] = readonly FilterDef[], Item = unknown, Row = unknown> = ListSourceInput<ListStateOf<Filters>, Item, Row> & {
  list: ListDeclaration<Filters, Row>;
  export: ListExport;
};

export function defineListSource<Filters extends readonly FilterDef[], Item, Row>(
  list: ListDeclaration<Filters, Row>,
  source: ListSourceInput<ListStateOf<Filters>, Item, Row>,
): ListSource<Filters, Item, Row> {
  return {
    ...source,
    list,
    export: defineExport({
      parse: (query) => list.parse(query),
      check: source.check,
      // The export pages on with its own cursor, 100 at a time; the total is asked for with the first page only.
      fetchPage: (context, state, cursor) => source.fetchPage({ ...context, counting: cursor === undefined }, exportPageState(state, cursor)),
      toRow: source.toRow,
      columns: (kit, t) => source.exportColumns(namedColumnKit(kit, t), t),
    }),
  };
}

export type ListView<Row> =
  | { ok: true; rows: Row[]; next?: string; prev?: string; total?: number; columnVisibility: ColumnVisibility }
  | { ok: false; error: DataTableErrorProps };

export async function loadListView<Filters extends readonly FilterDef[], Item, Row>(
  source: ListSource<Filters, Item, Row>,
  state: ListStateOf<Filters>,
): Promise<ListView<Row>> {
  const mode = await getMode();
  const context: ListContext = { mode, timeZone: env().DEFAULT_TIME_ZONE, client: () => getPaymentClient(mode), db: getDb, counting: true };
  // The call goes out beside the operator check; the remembered columns need the operator and are read while it is out.
  const listing = readAsOperator("viewer", () => settle(() => source.fetchPage(context, state)));
  const operator = await requireOperator("viewer");
  const [{ value: page }, columnVisibility] = await Promise.all([listing, getColumnVisibility(operator.id, source.list.tableId)]);
  if (!page.ok) return page;
  const { items, next, prev, total } = page.value;
  return { ok: true, rows: items.map(source.toRow), next, prev, total, columnVisibility };
}

/** A loaded page as its client table takes it: why it may be empty, and the operator's locale and zone. */
export async function toListTableData<Row>(
  view: Extract<ListView<Row>, { ok: true }>,
  state: Record<string, unknown>,
  filterKeys: readonly string[],
): Promise<ListTableData<Row>> {
  return {
    rows: packRows(view.rows),
    next: view.next,
    prev: view.prev,
    total: view.total,
    columnVisibility: view.columnVisibility,
    filtered: hasActiveFilters(state, filterKeys),
    paged: !!(state.startingAfter || state.endingBefore),
    formatLocale: FORMAT_LOCALE[await getLocale()],
    timeZone: env().DEFAULT_TIME_ZONE,
  };
}
