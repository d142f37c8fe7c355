import { createLoader, createSerializer, parseAsStringLiteral, type inferParserType, type LoaderInput } from "nuqs/server";
import type { MessageKeys, NestedKeyOf } from "use-intl";
import type { Messages } from "@/lib/i18n/messages/es";
import { CURSOR_KEYS, LIST_OPTIONS, listSearchParams, NO_CURSOR, parseAsFilterText, type ListState } from "./list-params";

// A list's filters, declared once as data: the URL parsers, the filter keys (what Reset clears and what makes an empty
// page a "no match"), the cleared state and the toolbar's controls are all derived from the same array, so a filter
// cannot be shown without being parsed, or parsed without being cleared. Client-safe: no secret, zod or database.

export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/** A select over known values; `open` keeps a value outside them (a free-text parser), as a link may name one. */
export type SelectFilterDef<Key extends string = string, Value extends string = string> = {
  kind: "select";
  key: Key;
  values: readonly Value[];
  open?: boolean;
  label: MessageKey;
  allLabel: MessageKey;
  // A method, so that a status list's labeller stands where any select's may.
  optionLabel(value: Value): MessageKey;
};

/**
 * Free text, applied on Enter or blur; worded by the list's <words>.<key> and <key>Placeholder. `code`: the text is an
 * identifier (an id, a reference, an error code), typed in monospace; names and amounts are not.
 */
export type TextFilterDef<Key extends string = string> = { kind: "text"; key: Key; label?: MessageKey; placeholder?: MessageKey; code?: boolean };

/** The created-date range (from/to), unless the list's date means something else (`labels`). */
export type RangeFilterDef = { kind: "range"; labels?: { from: MessageKey; to: MessageKey } };

export type FilterDef = SelectFilterDef<string, string> | TextFilterDef | RangeFilterDef;

/** The status select every list with statuses has: one label, one "all", the values' own words. */
export function statusFilter<Value extends string>(values: readonly Value[], optionLabel: (value: Value) => MessageKey): SelectFilterDef<"status", Value> {
  return { kind: "select", key: "status", values, label: "dataTable.status", allLabel: "dataTable.allStatuses", optionLabel };
}

/** What a filter holds in the list's state: a known value, free text, or nothing. */
type ValueOf<F> = F extends { kind: "select"; open: true } ? string : F extends { values: readonly (infer V)[] } ? V : string;

/** The list's whole URL state: page size, cursors, range, and one entry per declared filter. */
export type ListStateOf<Filters extends readonly FilterDef[]> = ListState & {
  [F in Filters[number] as F extends { key: infer K extends string } ? K : never]: ValueOf<F> | null;
};

/** The controls as the browser gets them: what a select may hold, and every word already in the operator's language. */
export type FilterControl =
  | { kind: "select"; key: string; values: readonly string[]; open?: boolean; label: string; allLabel: string; options: { value: string; label: string }[] }
  | { kind: "text"; key: string; label: string; placeholder: string; code?: boolean }
  | { kind: "range"; labels?: { from: string; to: string } };

type FilterShape = Pick<SelectFilterDef, "kind" | "key" | "values" | "open"> | Pick<TextFilterDef, "kind" | "key"> | Pick<RangeFilterDef, "kind">;

/** The keys that count as filters (as opposed to paging): each declared filter's, from/to for a range. */
export function filterKeys(filters: readonly FilterShape[]): string[] {
  return filters.flatMap((filter) => (filter.kind === "range" ? ["from", "to"] : [filter.key]));
}

/** Every filter set to nothing and the cursors dropped: what Reset writes. */
export function clearedState(filters: readonly FilterShape[]): Record<string, null> {
  return { ...Object.fromEntries(filterKeys(filters).map((key) => [key, null])), ...NO_CURSOR };
}

/** The URL parsers of a list with these filters: the shared ones, and one per select or text filter. */
export function filterParsers(filters: readonly FilterShape[]) {
  const own = Object.fromEntries(
    filters.flatMap((filter) => {
      if (filter.kind === "range") return [];
      const parser = filter.kind === "select" && !filter.open ? parseAsStringLiteral(filter.values) : parseAsFilterText;
      return [[filter.key, parser.withOptions(LIST_OPTIONS)]];
    }),
  );
  return { ...listSearchParams, ...own } as typeof listSearchParams & Record<string, typeof parseAsFilterText>;
}

/** Reads a list's state from a URL, a query string or Next's searchParams, as its page and its export do. */
export function listLoader<Filters extends readonly FilterDef[]>(filters: Filters) {
  return createLoader(filterParsers(filters)) as unknown as {
    (input: Promise<LoaderInput>): Promise<ListStateOf<Filters>>;
    (input: LoaderInput): ListStateOf<Filters>;
  };
}

/** A list's state as a URL (path plus the query its parsers write), without the cursors: a link to its first page. */
export function listHref(path: string, filters: readonly FilterShape[], state: Partial<inferParserType<ReturnType<typeof filterParsers>>>): string {
  const serialize = createSerializer(filterParsers(filters));
  return serialize(path, { ...state, ...Object.fromEntries(CURSOR_KEYS.map((key) => [key, null])) });
}
