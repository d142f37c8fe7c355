import type { LucideIcon } from "lucide-react";
import type { Messages } from "@/lib/i18n/messages/es";
import type { SyncResource } from "@/lib/sync/resources";
import { filterKeys, listLoader, type FilterDef } from "@/lib/list-filters";

// What a list is, in one place that the server page, the client table and toolbar, the export route and the sidebar
// all read (each list's list.ts). Client-safe: what only the server may do (the fetch, the export's columns) is
// declared beside it in the list's source.ts, on top of this.

/** The route's name: /<name>, /api/export/<name>, pages.<name> and nav.<name> in the catalogs. */
export type ListName = keyof Messages["pages"] & keyof Messages["nav"];

/** A catalog namespace that words a list: its table's caption, its empty state and its total. */
export type ListWords = {
  [K in keyof Messages]: Messages[K] extends { caption: string; emptyTitle: string; emptyBody: string; total: string } ? K : never;
}[keyof Messages];

export type ListDeclarationInput<Filters extends readonly FilterDef[], Row> = {
  name: ListName;
  /** The operator's remembered columns are stored under columns:<tableId> (the name unless an older one is kept). */
  tableId?: string;
  /** The route, when it is not /<name> (a list inside another area's folder). */
  path?: string;
  words: ListWords;
  /** In the toolbar's order; the URL parsers, the filter keys and Reset are derived from them. */
  filters: Filters;
  /** The row's id for React and the table (its `id` unless said otherwise). */
  rowId?: (row: Row) => string;
  /** Where a row leads (its detail page); none when the list has no detail. */
  rowHref?: (row: Row) => string;
  /** What the row's link reads after its first cell, for screen readers (its id unless said otherwise). */
  rowName?: (row: Row) => string;
  /** Columns of the skeleton shown while the rows load. */
  skeletonColumns: number;
  /**
   * The local copy's resources the rows are read from (the sync's): the page says how fresh that copy is. None for a
   * list read live from the service, or from what only webhooks write (events, checkout sessions), which no pass syncs.
   */
  syncedFrom?: SyncResource | readonly SyncResource[];
  /** The sidebar's icon, and the list's place in it (the other pages sit at 0, 55 and 100). */
  nav: { icon: LucideIcon; order: number };
};

/** `defineList<PaymentRow>()({ ... })`: the row type said once, the filters' types inferred. */
export function defineList<Row>() {
  return <const Filters extends readonly FilterDef[]>(input: ListDeclarationInput<Filters, Row>) => declaration(input);
}

function declaration<const Filters extends readonly FilterDef[], Row>(input: ListDeclarationInput<Filters, Row>) {
  const rowId = input.rowId ?? ((row: Row) => String((row as { id: unknown }).id));
  return { ...input, rowId, path: input.path ?? `/${input.name}`, tableId: input.tableId ?? input.name, filterKeys: filterKeys(input.filters), parse: listLoader(input.filters) };
}

export type ListDeclaration<Filters extends readonly FilterDef[] = readonly FilterDef[], Row = unknown> = ReturnType<typeof declaration<Filters, Row>>;
