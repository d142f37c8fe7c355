import { sql } from "drizzle-orm";
import { LEADING_CURRENCIES } from "@/lib/format/currency-order";

// The one definition of a failed renewal's state, as SQL over renewal_failures' own columns. The table stores it as
// generated columns (db/schema.ts), so every read — the workspace's list, totals, chart and export, the Overview's
// counts — filters and groups on an indexed column instead of re-deriving it; the synced renewal's status and total
// reach the row through the triggers of drizzle/0017_failed_renewals.sql.
//
// - recovered: a later success of the subscription resolved it, or the renewal is paid (by the events or the sync) —
//   whatever an operator recorded: the service's recovery wins, and a closure by hand stays on the row as a record;
// - closed: not recovered, and an operator closed it by hand (closed_at: paid by other means, cancelled, written off;
//   lib/renewals/follow-up.ts). The merchant's own record: the service is not told and may still retry;
// - exhausted: neither, and no next attempt is scheduled or the renewal is uncollectible or void;
// - retrying: otherwise (a next attempt is scheduled).
// Retrying and exhausted are the open states, "at risk"; recovered and closed are settled.

const RECOVERED = `(resolved_at is not null or invoice_status = 'paid' or coalesce(renewal_status, '') = 'paid')`;
const GIVEN_UP = `(next_payment_attempt is null or invoice_status in ('uncollectible', 'void') or coalesce(renewal_status, '') in ('uncollectible', 'void'))`;

const CLOSED = `(closed_at is not null)`;

export const FAILURE_STATE_SQL = sql.raw(`case when ${RECOVERED} then 'recovered' when ${CLOSED} then 'closed' when ${GIVEN_UP} then 'exhausted' else 'retrying' end`);

/** When the state last changed: the recovery, the closure by hand, the synced renewal that said it was given up, else the last attempt. */
export const FAILURE_STATE_CHANGED_AT_SQL = sql.raw(`case
  when ${RECOVERED} then coalesce(resolved_at, renewal_synced_at, last_payment_attempt)
  when ${CLOSED} then closed_at
  when next_payment_attempt is not null and invoice_status not in ('uncollectible', 'void') and coalesce(renewal_status, '') in ('uncollectible', 'void') then renewal_synced_at
  else last_payment_attempt end`);

// The sort keys below are written twice from one text: bare, as the indexes declare them (db/schema.ts), and with
// the table named, for queries that join tables with columns of the same names (payment_intents has an `amount`). The
// planner matches the two to the same index: it compares the parsed expressions, not their text.
const stateRank = (table: string) => `(case ${table}state when 'retrying' then 0 when 'exhausted' then 1 when 'closed' then 2 else 3 end)`;
const QUALIFIED = `"renewal_failures".`;

/** The default order's first key: retrying first (soonest retry next), then exhausted, then closed by hand, then recovered. */
export const FAILURE_STATE_RANK_SQL = sql.raw(stateRank(""));
export const FAILURE_STATE_RANK_QUALIFIED_SQL = sql.raw(stateRank(QUALIFIED));

/**
 * The app's order of currencies (lib/format/currency-order: colones, dollars, then the rest by code), which the
 * "amount" order groups by: céntimos and cents cannot be compared without a rate, and the app has none (a failure
 * carries no USD amount). An unknown currency comes last. Held equal to compareCurrencies by
 * app/(dashboard)/renewals/failed/amount-order.int.test.ts.
 */
const currencyRank = (table: string) =>
  `(case upper(${table}currency) ${LEADING_CURRENCIES.map((code, i) => `when '${code}' then ${i}`).join(" ")} else ${LEADING_CURRENCIES.length} end)`;
const amountKeys = (table: string) => [
  // Open failures first (what is still at risk), settled ones (recovered, closed by hand) after them.
  `(${table}state in ('recovered', 'closed'))`,
  currencyRank(table),
  `upper(${table}currency)`,
  `${table}amount desc nulls last`,
  `${table}id desc nulls last`,
];

/** The "amount" order: open before settled (recovered or closed by hand), then by currency in the app's order, the largest amount first within one. */
export const FAILURE_AMOUNT_ORDER_SQL = amountKeys("").map((key) => sql.raw(key));
export const FAILURE_AMOUNT_ORDER_QUALIFIED_SQL = amountKeys(QUALIFIED).map((key) => sql.raw(key));
