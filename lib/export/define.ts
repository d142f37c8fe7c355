import type { Db } from "@/db";
import type { CsvCell } from "@/lib/csv/encode";
import type { Mode } from "@/lib/env-schema";
import type { ListState } from "@/lib/list-params";
import type { Page, PaymentClient } from "@/lib/payments";
import { columnKit, type ColumnKit, type ExportColumn } from "./columns";
import type { ExportT } from "./translator";

// What one list's export is made of, derived from the list's declaration (defineListSource, app/(dashboard)/<list>/
// source.ts): the page's own URL parser, the same page fetch the list page makes, its row mapper, and its columns.
// defineExport hides the types so the route can hold every list in one registry.

/** The most the Payment Service gives per call. */
export const EXPORT_PAGE_SIZE = 100;

export type ExportContext = {
  mode: Mode;
  timeZone: string;
  /** The current mode's Payment Service client: the secret key stays inside it. */
  client: () => PaymentClient;
  db: () => Db;
};

export type ExportDefinition<State, Item, Row> = {
  /**
   * The list page's search-params loader: one source of truth for what the filters mean. A value it drops (an unknown
   * status) is dropped here too, as the page drops it and shows "all": the file is the list the operator sees.
   */
  parse: (query: URLSearchParams) => State;
  /** A filter the page refuses to ask the service with (a SINPE reference of the wrong length): its key. */
  check?: (state: State) => string | undefined;
  /** One page of at most EXPORT_PAGE_SIZE, after `cursor` (the first page without); `total` on the first. */
  fetchPage: (context: ExportContext, state: State, cursor: string | undefined) => Promise<Page<Item>>;
  toRow: (item: Item) => Row;
  columns: (kit: ColumnKit<Row>, t: ExportT) => ExportColumn<Row>[][];
  /** The filters as the export's audit row records them; by default the parsed state without paging or empty values. */
  filters?: (state: State) => Record<string, unknown>;
};

export type PreparedExport = {
  fetchPage: (cursor: string | undefined) => Promise<Page<unknown>>;
  header: string[];
  cells: (item: unknown) => CsvCell[];
  /** What the list was filtered by, parsed (so bounded and clean): the audit row's, never row data. */
  filters: Record<string, unknown>;
};

export type ListExport = {
  prepare: (query: URLSearchParams, context: ExportContext, t: ExportT) => { ok: true; prepared: PreparedExport } | { ok: false; param: string };
};

/** A list state for one export page: the filters as the URL has them, the largest page, the export's own cursor. */
export function exportPageState<State extends ListState>(state: State, cursor: string | undefined): State {
  return { ...state, limit: EXPORT_PAGE_SIZE, startingAfter: cursor ?? null, endingBefore: null };
}

/** The paging keys an export replaces with its own (exportPageState): not filters. */
const PAGING_KEYS = new Set(["limit", "startingAfter", "endingBefore"]);

/** A list state's filters: what is set, without the paging. */
export function stateFilters(state: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([key, value]) => !PAGING_KEYS.has(key) && value !== null && value !== undefined && value !== ""));
}

export function defineExport<State extends object, Item, Row>(definition: ExportDefinition<State, Item, Row>): ListExport {
  return {
    prepare(query, context, t) {
      const state = definition.parse(query);
      const param = definition.check?.(state);
      if (param) return { ok: false, param };
      const columns = definition.columns(columnKit<Row>(context.timeZone), t).flat();
      return {
        ok: true,
        prepared: {
          fetchPage: (cursor) => definition.fetchPage(context, state, cursor),
          filters: definition.filters?.(state) ?? stateFilters(state),
          header: columns.map((column) => column.header),
          cells: (item) => {
            const row = definition.toRow(item as Item);
            return columns.map((column) => column.cell(row));
          },
        },
      };
    },
  };
}
