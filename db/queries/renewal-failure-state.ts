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

// The two sort keys below are written twice from one text: bare, as the indexes declare them (db/schema.ts), and with
// the table named, for queries that join tables with columns of the same names (payment_intents has an `amount`). The
// planner matches the two to the same index: it compares the parsed expressions, not their text.
const stateRank = (table: string) => `(case ${table}state when 'retrying' then 0 when 'exhausted' then 1 else 2 end)`;
const atRisk = (table: string) => `(case when ${table}state = 'recovered' then null else ${table}amount end)`;
const QUALIFIED = `"renewal_failures".`;

/** The default order's first key: retrying first (soonest retry next), then exhausted, then recovered. */
export const FAILURE_STATE_RANK_SQL = sql.raw(stateRank(""));
export const FAILURE_STATE_RANK_QUALIFIED_SQL = sql.raw(stateRank(QUALIFIED));

/** What is still at risk: the amount of an open failure; nothing for a recovered one. */
export const FAILURE_AT_RISK_SQL = sql.raw(atRisk(""));
export const FAILURE_AT_RISK_QUALIFIED_SQL = sql.raw(atRisk(QUALIFIED));
