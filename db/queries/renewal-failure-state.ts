import { sql } from "drizzle-orm";

// The one definition of a failed renewal's state, as SQL over renewal_failures' own columns. The table stores it as
// generated columns (db/schema.ts), so every read — the workspace's list, totals, chart and export, the Overview's
// counts — filters and groups on an indexed column instead of re-deriving it; the synced renewal's status and total
// reach the row through the triggers of drizzle/0017_failed_renewals.sql.
//
// - recovered: a later success of the subscription resolved it, or the renewal is paid (by the events or the sync);
// - exhausted: not recovered, and no next attempt is scheduled or the renewal is uncollectible or void;
// - retrying: otherwise (a next attempt is scheduled).

const RECOVERED = `(resolved_at is not null or invoice_status = 'paid' or coalesce(renewal_status, '') = 'paid')`;
const GIVEN_UP = `(next_payment_attempt is null or invoice_status in ('uncollectible', 'void') or coalesce(renewal_status, '') in ('uncollectible', 'void'))`;

export const FAILURE_STATE_SQL = sql.raw(`case when ${RECOVERED} then 'recovered' when ${GIVEN_UP} then 'exhausted' else 'retrying' end`);

/** When the state last changed: the recovery, the synced renewal that said it was given up, else the last attempt. */
export const FAILURE_STATE_CHANGED_AT_SQL = sql.raw(`case
  when ${RECOVERED} then coalesce(resolved_at, renewal_synced_at, last_payment_attempt)
  when next_payment_attempt is not null and invoice_status not in ('uncollectible', 'void') and coalesce(renewal_status, '') in ('uncollectible', 'void') then renewal_synced_at
  else last_payment_attempt end`);

// The sort keys below are written twice from one text: bare, as the indexes declare them (db/schema.ts), and with
// the table named, for queries that join tables with columns of the same names (payment_intents has an `amount`). The
// planner matches the two to the same index: it compares the parsed expressions, not their text.
const stateRank = (table: string) => `(case ${table}state when 'retrying' then 0 when 'exhausted' then 1 else 2 end)`;
const QUALIFIED = `"renewal_failures".`;

/** The default order's first key: retrying first (soonest retry next), then exhausted, then recovered. */
export const FAILURE_STATE_RANK_SQL = sql.raw(stateRank(""));
export const FAILURE_STATE_RANK_QUALIFIED_SQL = sql.raw(stateRank(QUALIFIED));

/**
 * The app's order of currencies (compareCurrencies in app/(dashboard)/_overview/view.ts: colones, dollars, then the
 * rest by code), which the "amount" order groups by: céntimos and cents cannot be compared without a rate, and the
 * app has none (a failure carries no USD amount). An unknown currency comes last. Held equal to compareCurrencies by
 * app/(dashboard)/renewals/failed/sort.int.test.ts.
 */
export const LEADING_FAILURE_CURRENCIES = ["CRC", "USD"] as const;
const currencyRank = (table: string) =>
  `(case upper(${table}currency) ${LEADING_FAILURE_CURRENCIES.map((code, i) => `when '${code}' then ${i}`).join(" ")} else ${LEADING_FAILURE_CURRENCIES.length} end)`;
const amountKeys = (table: string) => [
  // Open failures first (what is still at risk), recovered ones after them.
  `(${table}state = 'recovered')`,
  currencyRank(table),
  `upper(${table}currency)`,
  `${table}amount desc nulls last`,
  `${table}id desc nulls last`,
];

/** The "amount" order: open before recovered, then by currency in the app's order, the largest amount first within one. */
export const FAILURE_AMOUNT_ORDER_SQL = amountKeys("").map((key) => sql.raw(key));
export const FAILURE_AMOUNT_ORDER_QUALIFIED_SQL = amountKeys(QUALIFIED).map((key) => sql.raw(key));
