// npm run bench:overview — the Overview's round of queries over 100,000 intents and 100,000 webhook events (plus
// 20,000 SINPE transfers and 3,000 renewal failures), 180 days of history in two modes, with each query's plan.
// Uses DATABASE_URL's server (else an embedded one) and a scratch database it drops afterwards.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { overviewPeriods } from "@/lib/local-days";
import { connectDatabase } from "@/db";
import { getOverview } from "@/db/queries/overview";
import * as schema from "@/db/schema";
import { benchDatabase } from "./bench-database";

const INTENTS = 100_000;
const EVENTS = 100_000;
const TRANSFERS = 20_000;
const FAILURES = 3_000;
const DAYS = 180;
const TZ = "America/Costa_Rica";
const NOW = new Date("2026-11-21T18:00:00Z");

const { url, dispose } = await benchDatabase("overview");
const { db, client } = connectDatabase(url, { max: 10 });
// Every tenth row is live mode; times spread evenly over the last 180 days.
const mode = sql.raw(`(case when g % 10 = 0 then 'live' else 'test' end)::mode`);
const spread = (total: number) => sql.raw(`timestamptz '${NOW.toISOString()}' - (g * interval '${(DAYS * 86_400) / total} seconds')`);
try {
  let started = performance.now();
  // Of the intents waiting for a payment method, four in five had an attempt declined (its error recorded); the rest
  // were never attempted, as the sync copies new intents.
  await db.execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, last_error, last_event_at, created_at)
    select ${mode}, 'pi_' || g,
      (array['succeeded','succeeded','succeeded','succeeded','succeeded','succeeded','requires_payment_method','processing'])[1 + g % 8],
      (array[10,10,10,10,10,10,1,3])[1 + g % 8],
      case when g % 8 = 6 and g % 3 = 0 then null when g % 3 = 0 then 1000 + g % 50000 else 100000 + g % 5000000 end,
      case when g % 3 = 0 then 'USD' else 'CRC' end, 'cus_' || g % 20000,
      case when g % 8 = 6 and g % 5 <> 0 then jsonb_build_object('code', 'card_declined', 'type', 'card_error', 'message', 'Fondos insuficientes',
        'reason', 'insufficient_funds', 'declineCode', '51') end,
      ${spread(INTENTS)}, ${spread(INTENTS)}
    from generate_series(1, ${INTENTS}) g`);
  await db.execute(sql`insert into webhook_events (mode, type, dedupe_key, status, raw_body, payload, received_at, processed_at)
    select ${mode}, 'payment-intent.succeeded', 'k' || g, 'processed', '{}',
      jsonb_build_object('type', 'payment-intent.succeeded', 'data', jsonb_build_object('id', 'pi_' || g, 'amount', 100000 + g, 'currency', 'CRC')),
      ${spread(EVENTS)}, ${spread(EVENTS)}
    from generate_series(1, ${EVENTS}) g`);
  // Half of the transfers never got an intent linked (nothing links them yet but an operator).
  await db.execute(sql`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, authorization_date, status, payment_intent_id, source, received_at)
    select ${mode}, lpad(g::text, 25, '0'), 100000 + g, case when g % 7 = 0 then 'USD' else 'CRC' end, ${spread(TRANSFERS)}, 'received',
      case when g % 2 = 0 then 'pi_' || g end, 'webhook', ${spread(TRANSFERS)}
    from generate_series(1, ${TRANSFERS}) g`);
  // Nine in ten failures recovered; of the rest, a third exhausted.
  await db.execute(sql`insert into renewal_failures (mode, subscription_id, invoice_period_start, attempt_count, invoice_status, next_payment_attempt, last_payment_attempt, resolved_at)
    select ${mode}, 'sub_' || g, ${spread(FAILURES)}, 1 + g % 4, case when g % 30 = 1 then 'uncollectible' else 'open' end,
      case when g % 30 = 1 then null else ${spread(FAILURES)} + interval '3 days' end, ${spread(FAILURES)},
      case when g % 10 <> 1 then ${spread(FAILURES)} + interval '1 day' end
    from generate_series(1, ${FAILURES}) g`);
  // What autovacuum does on a live database: statistics, and a visibility map for index-only scans.
  for (const table of ["payment_intents", "webhook_events", "mobile_transfers", "renewal_failures"]) await client.unsafe(`vacuum analyze ${table}`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const periods = overviewPeriods(NOW, TZ);
  const load = () => getOverview(db, { mode: "test", periods });
  for (let i = 0; i < 5; i++) await load();
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    started = performance.now();
    await load();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const data = await load();
  console.log(`overview (test mode, 9/10 of the rows): p50 ${times[25]!.toFixed(1)} ms, p95 ${times[47]!.toFixed(1)} ms, max ${times[49]!.toFixed(1)} ms`);
  console.log(`  ${data.intents.length} outcome×currency rows, ${data.daily.length} day×currency rows, ${data.transfers.byCurrency.map((t) => `${t.count} ${t.currency}`).join(" + ")} unreconciled, renewals ${JSON.stringify(data.renewals)}`);

  // The plans of the statements getOverview sends, captured as it sends them.
  const captured: { query: string; params: unknown[] }[] = [];
  const recording = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  await getOverview(recording, { mode: "test", periods });
  for (const { query, params } of captured) {
    const plan = await client.unsafe(`explain (analyze, buffers) ${query}`, params as never[]);
    console.log(`\n-- ${query.replace(/\s+/g, " ").slice(0, 160)}…\n${plan.map((row) => Object.values(row)[0]).join("\n")}`);
  }
} finally {
  await client.end();
  await dispose();
}
