// npm run bench:failed-renewals — the failed-renewals page's first page over 50,000 failure rows: its list page, its
// count, its totals per currency and its 30-day chart, sent side by side as the page sends them; p50 of their wall
// time (target < 50 ms), and each statement's plan. Each failure has its synced renewal, its last event, a customer;
// one in ten has a follow-up. Uses DATABASE_URL's server (else an embedded one) and a scratch database it drops.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { overviewPeriods } from "@/lib/local-days";
import { connectDatabase, type Db } from "@/db";
import { countRenewalFailures, getDailyFailures, getFailureTotals, listRenewalFailures, type FailureFilters } from "@/db/queries/renewal-failures";
import * as schema from "@/db/schema";
import { monthStart } from "@/lib/renewals/figures";
import type { FailureSort } from "@/lib/renewals/states";
import { benchDatabase } from "./bench-database";

const FAILURES = 50_000;
const CUSTOMERS = 20_000;
const DAYS = 180;
const TZ = "America/Costa_Rica";
const NOW = new Date("2026-11-21T18:00:00Z");

const { url, dispose } = await benchDatabase("failed_renewals");
const { db, client } = connectDatabase(url, { max: 10 });
const at = (expr: string) => sql.raw(`timestamptz '${NOW.toISOString()}' - (${expr})`);
try {
  let started = performance.now();
  await db.execute(sql`insert into customers (mode, id, name, email, phone, amount_spent, transactions_count, created_at)
    select 'test', 'cus_' || g, 'Cliente ' || g, 'c' || g || '@example.com', '+5068' || lpad(g::text, 7, '0'), 0, 0, ${at("interval '400 days'")}
    from generate_series(1, ${CUSTOMERS}) g`);
  // Spread over 180 days; every 20th row is live mode. A quarter still retrying, a tenth given up, the rest recovered.
  await db.execute(sql`insert into webhook_events (mode, type, dedupe_key, status, raw_body, payload, received_at, processed_at)
    select (case when g % 20 = 0 then 'live' else 'test' end)::mode, 'subscription.renewal.failed', 'f' || g, 'processed', '{}',
      jsonb_build_object('type', 'subscription.renewal.failed', 'data', jsonb_build_object('subscriptionId', 'sub_' || g,
        'customer', jsonb_build_object('id', 'cus_' || g % ${CUSTOMERS}, 'email', 'c' || g || '@example.com', 'phone', '+50688880000'))),
      ${at(`g * interval '${(DAYS * 86_400) / FAILURES} seconds'`)}, ${at(`g * interval '${(DAYS * 86_400) / FAILURES} seconds'`)}
    from generate_series(1, ${FAILURES}) g`);
  await db.execute(sql`insert into renewal_failures (mode, subscription_id, invoice_period_start, invoice_period_end, attempt_count, invoice_status,
      next_payment_attempt, last_payment_attempt, payment_intent_id, customer_id, customer_name, currency, error_code, error_message, last_event_id,
      resolved_at, first_failed_at)
    select e.mode, 'sub_' || g, date_trunc('day', e.received_at), date_trunc('day', e.received_at) + interval '1 month', 1 + g % 4,
      case when g % 10 = 1 then 'uncollectible' else 'open' end,
      case when g % 10 = 1 then null else e.received_at + interval '3 days' end, e.received_at, 'pi_r' || g, 'cus_' || g % ${CUSTOMERS},
      'Cliente ' || g % ${CUSTOMERS}, case when g % 3 = 0 then 'USD' else 'CRC' end,
      (array['declined', 'insufficient_funds', 'expired_card'])[1 + g % 3], 'Tarjeta rechazada', e.id,
      case when g % 4 >= 2 and g % 10 <> 1 then e.received_at + interval '1 day' end, e.received_at
    from generate_series(1, ${FAILURES}) g join webhook_events e on e.dedupe_key = 'f' || g`);
  await db.execute(sql`insert into renewals (mode, id, status, status_rank, subscription_id, customer_id, payment_intent_id, currency, total,
      period_start, period_end, attempt_count, next_payment_attempt, created_at)
    select rf.mode, 'inv_' || rf.id, case when rf.resolved_at is not null then 'paid' when rf.invoice_status = 'uncollectible' then 'uncollectible' else 'open' end,
      1, rf.subscription_id, rf.customer_id, rf.payment_intent_id, rf.currency,
      case when rf.currency = 'USD' then 1000 + rf.id % 9000 else 500000 + (rf.id % 300) * 10000 end,
      rf.invoice_period_start, rf.invoice_period_end, rf.attempt_count, rf.next_payment_attempt, rf.invoice_period_start
    from renewal_failures rf`);
  const [ana] = await db.insert(schema.operators).values({ email: "ana@bench.test", name: "Ana", passwordHash: "x", role: "operator" }).returning();
  await db.execute(sql`insert into renewal_follow_ups (failure_id, mode, assigned_to, assigned_at, promised_by)
    select id, mode, ${ana!.id}::uuid, now(), current_date + 7 from renewal_failures where id % 10 = 0`);
  for (const table of ["customers", "webhook_events", "renewal_failures", "renewals", "renewal_follow_ups"]) await client.unsafe(`vacuum analyze ${table}`);
  console.log(`seeded ${FAILURES.toLocaleString("en")} failures (+ renewals, events, ${CUSTOMERS.toLocaleString("en")} customers) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const days = overviewPeriods(NOW, TZ).days;
  const month = monthStart(NOW, TZ);
  /** What the page asks for on its first page: the rows, their count, the totals and the chart, side by side. */
  const firstPage = (d: Db, filters: FailureFilters, sort: FailureSort) =>
    Promise.all([
      listRenewalFailures(d, filters, { sort, limit: 25 }),
      countRenewalFailures(d, filters),
      getFailureTotals(d, { mode: filters.mode, monthStart: month }),
      getDailyFailures(d, { mode: filters.mode, days }),
    ]);

  const cases: [string, FailureFilters, FailureSort][] = [
    ["default (all states, next attempt first)", { mode: "test" }, "nextAttempt"],
    ["retrying, most at risk first", { mode: "test", state: "retrying" }, "amount"],
    ["exhausted in CRC", { mode: "test", state: "exhausted", currency: "CRC" }, "nextAttempt"],
    ["assigned to one operator", { mode: "test", assignedTo: ana!.id }, "nextAttempt"],
  ];
  for (const [label, filters, sort] of cases) {
    for (let i = 0; i < 5; i++) await firstPage(db, filters, sort);
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      started = performance.now();
      await firstPage(db, filters, sort);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const [page, count, totals] = await firstPage(db, filters, sort);
    console.log(`${label}: p50 ${times[20]!.toFixed(1)} ms, p95 ${times[38]!.toFixed(1)} ms, max ${times[39]!.toFixed(1)} ms — ${page.items.length} rows of ${count}; at risk ${totals.map((t) => `${t.atRisk} ${t.currency}`).join(", ")}`);
  }

  // The plans of the statements the default first page sends, captured as it sends them.
  const captured: { query: string; params: unknown[] }[] = [];
  const recording = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  await firstPage(recording, { mode: "test" }, "nextAttempt");
  for (const { query, params } of captured) {
    const plan = await client.unsafe(`explain (analyze, buffers) ${query}`, params as never[]);
    console.log(`\n-- ${query.replace(/\s+/g, " ").slice(0, 160)}…\n${plan.map((row) => Object.values(row)[0]).join("\n")}`);
  }
} finally {
  await client.end();
  await dispose();
}
