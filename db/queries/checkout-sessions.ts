import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Page } from "@/lib/payments/page";
import type { Db } from "../index";
import { checkoutSessions, webhookEvents } from "../schema";

// Paid checkout sessions as this app recorded them from checkout-session.succeeded (lib/webhooks projects them; the
// service offers no list to read them from). The event carries no id, so a session is known by its URL; pages use
// checkoutSessionKey(url) in their own URLs. The URL is the customer's payment page: shown as text, never fetched.

/** A session's URL as a path segment (base64url): the stable id of a session in this app's own routes. */
export function checkoutSessionKey(url: string): string {
  return Buffer.from(url, "utf8").toString("base64url");
}

/** The URL a key stands for; null for a key that is not base64url of some text (a hand-edited link). */
export function urlOfCheckoutSessionKey(key: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) return null;
  const url = Buffer.from(key, "base64url").toString("utf8");
  return url.length > 0 && checkoutSessionKey(url) === key ? url : null;
}

const customer = (field: "name" | "email" | "phone") => sql<string | null>`${webhookEvents.payload}->'data'->'customer'->>${field}`;
const isArray = sql`jsonb_typeof(${checkoutSessions.lineItems}) = 'array'`;
// Whole-number amounts only: a fractional or non-numeric amount counts as not adding up rather than failing the page.
const lineItemsTotal = sql<string | null>`case when ${isArray} then (
  select sum((item->>'amount')::numeric) from jsonb_array_elements(${checkoutSessions.lineItems}) item) end`;
const lineItemsConsistent = sql<boolean>`coalesce(${isArray} and not exists (
  select 1 from jsonb_array_elements(${checkoutSessions.lineItems}) item
  where item->>'currency' is distinct from ${checkoutSessions.currency}
     or jsonb_typeof(item->'amount') <> 'number' or (item->>'amount')::numeric % 1 <> 0)
  and coalesce(${lineItemsTotal}, 0) = ${checkoutSessions.amountTotal}, false)`;

const columns = {
  url: checkoutSessions.url,
  paymentStatus: checkoutSessions.paymentStatus,
  currency: checkoutSessions.currency,
  amountTotal: checkoutSessions.amountTotal,
  customerId: checkoutSessions.customerId,
  // The projection keeps only the customer's id; name and e-mail are read from the event it was projected from.
  customerName: customer("name"),
  customerEmail: customer("email"),
  metadata: sql<Record<string, string> | null>`${checkoutSessions.metadata}`,
  createdAt: checkoutSessions.createdAt,
  eventId: checkoutSessions.eventId,
  receivedAt: webhookEvents.receivedAt,
  lineItemCount: sql<number>`case when ${isArray} then jsonb_array_length(${checkoutSessions.lineItems}) else 0 end`.mapWith(Number),
  /** The line items' amounts summed (null without line items). */
  lineItemsTotal: sql<number | null>`${lineItemsTotal}`.mapWith((value: string | null) => (value === null ? null : Number(value))),
  /** True when every line item is in the session's currency, in whole minor units, and they add up to amountTotal. */
  lineItemsAddUp: lineItemsConsistent,
};

export type CheckoutSessionFilters = {
  mode: Mode;
  paymentStatus?: "paid" | "unpaid";
  currency?: string;
  customerId?: string;
  /** Sessions with any metadata value equal to this one (an order number, a cart id). */
  metadataValue?: string;
  /** Only the sessions whose line items do not add up to their total. */
  mismatchedOnly?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
};

/**
 * Any metadata value equal to `value`, whatever its key. The value goes in as a jsonpath variable, never into the
 * path's text; a jsonpath test is 2–3 times faster than expanding each row with jsonb_each_text (100,000 rows: ≈0.2 s
 * against ≈0.6 s, no index either way).
 */
const hasMetadataValue = (value: string) =>
  sql`jsonb_typeof(${checkoutSessions.metadata}) = 'object' and jsonb_path_exists(${checkoutSessions.metadata}, '$.* ? (@ == $v)', jsonb_build_object('v', ${value}::text))`;

function where(filters: CheckoutSessionFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(checkoutSessions.mode, filters.mode),
    filters.paymentStatus ? eq(checkoutSessions.paymentStatus, filters.paymentStatus) : undefined,
    filters.currency ? eq(checkoutSessions.currency, filters.currency.toUpperCase()) : undefined,
    filters.customerId ? eq(checkoutSessions.customerId, filters.customerId) : undefined,
    filters.metadataValue?.trim() ? hasMetadataValue(filters.metadataValue.trim()) : undefined,
    filters.mismatchedOnly ? sql`not ${lineItemsConsistent}` : undefined,
    filters.createdFrom ? sql`${checkoutSessions.createdAt} >= ${filters.createdFrom.toISOString()}` : undefined,
    filters.createdBefore ? sql`${checkoutSessions.createdAt} < ${filters.createdBefore.toISOString()}` : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => !!c))!;
}

// Newest first; sessions created at the same instant in URL order. A session without a createdAt (the event requires
// one, so none should exist) sorts as the oldest rather than vanishing.
const sortTime = sql`coalesce(${checkoutSessions.createdAt}, '-infinity'::timestamptz)`;

/** The list's columns, the customer's name and e-mail joined from the event the session was projected from. */
function selectSessions(db: Db) {
  return db.select(columns).from(checkoutSessions).leftJoin(webhookEvents, eq(webhookEvents.id, checkoutSessions.eventId));
}

export type CheckoutSessionRow = Awaited<ReturnType<typeof selectSessions>>[number];

/**
 * One page of sessions, newest first, with the cursors of the service's lists: `startingAfter` is the key of the last
 * row of a page (moves to older sessions), `endingBefore` the key of the first (moves back). Both at once is refused,
 * as the service refuses it; a cursor that names no session of this mode gives an empty page, not an error. `total`
 * counts every session the filters match.
 */
export async function listCheckoutSessions(
  db: Db,
  filters: CheckoutSessionFilters,
  page: { limit: number; startingAfter?: string; endingBefore?: string; counting?: boolean },
): Promise<Page<CheckoutSessionRow>> {
  if (page.startingAfter && page.endingBefore) throw new RangeError("send only one of startingAfter and endingBefore");
  const limit = Math.min(100, Math.max(1, Math.trunc(page.limit) || 10));
  const backward = !page.startingAfter && !!page.endingBefore;
  const cursorKey = page.startingAfter || page.endingBefore;
  let cursor: SQL | undefined;
  if (cursorKey) {
    const url = urlOfCheckoutSessionKey(cursorKey);
    if (url === null) return { items: [], total: 0 };
    // The edge row's position; a url of another mode or none at all matches no row, and so neither does the page.
    const edge = sql`(select ${sortTime}, ${checkoutSessions.url} from ${checkoutSessions} where ${checkoutSessions.mode} = ${filters.mode} and ${checkoutSessions.url} = ${url})`;
    cursor = sql`(${sortTime}, ${checkoutSessions.url}) ${backward ? sql`>` : sql`<`} ${edge}`;
  }
  const order = backward ? sql`${sortTime} asc, ${checkoutSessions.url} asc` : sql`${sortTime} desc, ${checkoutSessions.url} desc`;
  const [rows, total] = await Promise.all([
    selectSessions(db).where(cursor ? and(where(filters), cursor) : where(filters)).orderBy(order).limit(limit + 1),
    // An export's later pages need no count (the list shape says when it wants one).
    page.counting === false ? undefined : countCheckoutSessions(db, filters),
  ]);
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  if (backward) items.reverse();
  // Going forward there are older rows when the page overflowed, and newer ones when it was reached with a cursor;
  // going back, the other way round.
  const hasOlder = backward ? items.length > 0 : more;
  const hasNewer = backward ? more : !!cursorKey && items.length > 0;
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    total,
    ...(hasOlder && last ? { next: checkoutSessionKey(last.url) } : {}),
    ...(hasNewer && first ? { prev: checkoutSessionKey(first.url) } : {}),
  };
}

export async function countCheckoutSessions(db: Db, filters: CheckoutSessionFilters): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(checkoutSessions).where(where(filters));
  return row?.n ?? 0;
}

/** One session with its line items, by URL, in this mode only. */
export async function getCheckoutSession(db: Db, { mode, url }: { mode: Mode; url: string }) {
  const [row] = await db
    .select({ ...columns, lineItems: sql<unknown>`${checkoutSessions.lineItems}` })
    .from(checkoutSessions)
    .leftJoin(webhookEvents, eq(webhookEvents.id, checkoutSessions.eventId))
    .where(and(eq(checkoutSessions.mode, mode), eq(checkoutSessions.url, url)));
  if (!row) return null;
  return { ...row, lineItems: lineItemsOf(row.lineItems) };
}

export type CheckoutLineItem = { name: string; description: string | null; currency: string; amount: number };

/** The stored line items as the event's schema admitted them; anything else in the column is left out, not guessed. */
function lineItemsOf(value: unknown): CheckoutLineItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: Record<string, unknown>) =>
    item && typeof item === "object" && typeof item.amount === "number" && typeof item.currency === "string"
      ? [{ name: typeof item.name === "string" ? item.name : "", description: typeof item.description === "string" ? item.description : null, currency: item.currency, amount: item.amount }]
      : [],
  );
}

export type CheckoutSession = NonNullable<Awaited<ReturnType<typeof getCheckoutSession>>>;
