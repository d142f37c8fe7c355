// How far a search goes: shared by the lookups and by the words that tell the operator so.

/** Local lookups return at most this many per kind; more would not be a search result but a list. */
export const LOCAL_RESULT_LIMIT = 20;

/**
 * How far an e-mail or phone search reads the customers list, which the API cannot filter by either: the newest
 * pages × pageSize (500) customers, in sequential requests (cursors). Older customers are found only through the
 * webhooks that named them, and the results say so.
 */
export const CUSTOMER_SCAN = { pages: 5, pageSize: 100 } as const;
