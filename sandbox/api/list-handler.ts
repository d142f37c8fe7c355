import { notFoundError, validationError } from "../http/errors";
import { listMeta, parseListQuery, renewalListMeta, transferListMeta } from "../http/list-query";
import type { Handler, RequestContext } from "../http/router";
import { UnknownCursorError } from "../store/collection";
import type { CollectionName, RecordOf } from "../store/store";

type Envelope = "list" | "renewal" | "transfer";

/**
 * A list endpoint over one collection: the pagination rules, optional filters (`where` from the query; it throws a
 * validation error for a bad value) and the meta style of the endpoint.
 */
export function listHandler<C extends CollectionName>(
  collection: C,
  options: {
    envelope?: Envelope;
    where?: (query: URLSearchParams, context: RequestContext) => ((record: RecordOf<C>) => boolean) | undefined;
    present?: (record: RecordOf<C>) => unknown;
    extra?: (records: RecordOf<C>[], query: URLSearchParams, context: RequestContext) => Record<string, unknown>;
  } = {},
): Handler {
  return (context) => {
    const { mode, query, store } = context;
    const parsed = parseListQuery(query);
    const where = options.where?.(query, context);
    let page;
    try {
      // The filter's own parameters name it, with the path (a customer's payment methods are filtered by the path's
      // id); limit, cursors and createdAt are handled by the collection itself.
      const filterParams = [...query].filter(([key]) => !/^(limit|startingAfter|endingBefore|createdAt\[|includeMetadataKeys)/.test(key));
      const whereKey = `${context.path}?${filterParams.sort().join("&")}`;
      page = store.collection(mode, collection).list({ ...parsed, where: where as never, whereKey });
    } catch (error) {
      if (error instanceof UnknownCursorError) {
        throw validationError(`${parsed.startingAfter !== undefined ? "startingAfter" : "endingBefore"} does not match any ${collection} record`);
      }
      throw error;
    }
    const data = page.data as RecordOf<C>[];
    const meta =
      options.envelope === "renewal"
        ? renewalListMeta(page, parsed.limit)
        : options.envelope === "transfer"
          ? transferListMeta(page)
          : listMeta(page, parsed.limit);
    return {
      body: {
        data: options.present ? data.map(options.present) : data,
        meta,
        ...(options.extra ? options.extra(data, query, context) : {}),
      },
    };
  };
}

/** GET one record by id, or the not-found shape. */
export function getHandler<C extends CollectionName>(collection: C, label: string, present?: (record: RecordOf<C>) => unknown): Handler {
  return ({ mode, params, store }) => {
    const record = store.get(mode, collection, params.id!);
    if (!record) throw notFoundError(`${label} not found`);
    return { body: present ? present(record) : record };
  };
}

/** A filter whose value must be one of `allowed`. */
export function enumFilter(query: URLSearchParams, name: string, allowed: readonly string[]): string | undefined {
  const value = query.get(name);
  if (value === null || value === "") return undefined;
  if (!allowed.includes(value)) throw validationError(`${name} must be one of the following values: ${allowed.join(", ")}`);
  return value;
}

export function textFilter(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value === null || value === "" ? undefined : value;
}

/** Combines the filters that are set; undefined when none is. */
export function allOf<T>(...predicates: (((record: T) => boolean) | undefined)[]): ((record: T) => boolean) | undefined {
  const active = predicates.filter((p): p is (record: T) => boolean => !!p);
  if (active.length === 0) return undefined;
  return (record) => active.every((p) => p(record));
}
