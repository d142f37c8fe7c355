import "server-only";
import type { DataTableErrorProps } from "@/components/data-table/error-state";
import type { ListTableData } from "@/components/data-table/list-table";
import { settle } from "@/lib/payments/settle";
import { readAsOperator, requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale } from "@/lib/i18n/server";
import { hasActiveFilters, type ListState } from "@/lib/list-params";
import { getMode } from "@/lib/mode";
import { getPaymentClient, type Page, type PaymentClient } from "@/lib/payments";
import { getColumnVisibility, type ColumnVisibility, type TableId } from "./table-preferences";

// The read every list page makes, in one place: the operator's role, the current mode's client, the remembered
// columns, one page of the API mapped to rows (the client gets rows, never whole records), and a service failure
// turned into an explained error. (The events console reads this app's database instead, into the same shape.)

export type ListView<Row> =
  | { ok: true; rows: Row[]; next?: string; prev?: string; total?: number; columnVisibility: ColumnVisibility }
  | { ok: false; error: DataTableErrorProps };

export async function loadListView<Item, Row>(
  table: TableId,
  fetchPage: (client: PaymentClient) => Promise<Page<Item>>,
  toRow: (item: Item) => Row,
): Promise<ListView<Row>> {
  const mode = await getMode();
  // The call goes out beside the operator check; the remembered columns need the operator and are read while it is out.
  const listing = readAsOperator("viewer", () => settle(() => fetchPage(getPaymentClient(mode))));
  const operator = await requireOperator("viewer");
  const [{ value: page }, columnVisibility] = await Promise.all([listing, getColumnVisibility(operator.id, table)]);
  if (!page.ok) return page;
  const { items, next, prev, total } = page.value;
  return { ok: true, rows: items.map(toRow), next, prev, total, columnVisibility };
}

/** A loaded page as its client table takes it: why it may be empty, and the operator's locale and zone. */
export async function toListTableData<Row>(
  view: Extract<ListView<Row>, { ok: true }>,
  state: ListState & Record<string, unknown>,
  filterKeys: readonly string[],
): Promise<ListTableData<Row>> {
  return {
    rows: view.rows,
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
