// npm run bench:timeline — the timeline of an object with 1,000 events among 1,000,000 (target: < 20 ms), with the
// query plan. Uses DATABASE_URL's server (else an embedded one) and a scratch database it drops afterwards.
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import { getTimeline, timelineQuery } from "@/db/queries/timeline";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres } from "../lib/postgres";

const TOTAL = 1_000_000;
const HOT = 1_000;

const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
const name = `bench_timeline_${process.pid}`;
const url = await createDatabase(server.url, name);
const { db, client } = connectDatabase(url, { max: 2 });
try {
  await runMigrations(url);
  let started = performance.now();
  // 999,000 events spread over 200,000 intents (about 5 each), then 1,000 for one intent, interleaved in time.
  await db.execute(sql`insert into webhook_events (mode, type, dedupe_key, status, raw_body, payload, received_at, processed_at)
    select 'test', 'payment-intent.succeeded', 'k' || g, 'processed', '{}',
      jsonb_build_object('type', 'payment-intent.succeeded', 'data', jsonb_build_object(
        'id', case when g % ${TOTAL / HOT} = 0 then 'pi_hot' else 'pi_' || (g % 200000) end,
        'amount', 100000 + g, 'currency', 'CRC', 'status', 'succeeded',
        'customer', jsonb_build_object('id', 'cus_' || (g % 20000), 'name', 'Cliente ' || (g % 20000)))),
      timestamptz '2026-01-01' + g * interval '10 seconds', timestamptz '2026-01-01' + g * interval '10 seconds'
    from generate_series(1, ${TOTAL}) g`);
  await db.execute(sql`insert into event_subjects (event_id, mode, subject_type, subject_id, occurred_at)
    select id, mode, 'payment_intent', payload->'data'->>'id', received_at from webhook_events`);
  // What autovacuum does on a live database: statistics, and a visibility map for index-only scans.
  await client.unsafe("vacuum analyze webhook_events");
  await client.unsafe("vacuum analyze event_subjects");
  console.log(`seeded ${TOTAL.toLocaleString("en")} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const subject = { mode: "test", type: "payment_intent", id: "pi_hot" } as const;
  for (let i = 0; i < 5; i++) await getTimeline(db, subject, { limit: HOT });
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 50; i++) {
    started = performance.now();
    rows = (await getTimeline(db, subject, { limit: HOT })).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`timeline of pi_hot: ${rows} events; p50 ${times[25]!.toFixed(1)} ms, p95 ${times[47]!.toFixed(1)} ms, max ${times[49]!.toFixed(1)} ms (target < 20 ms, measured at the caller, rows mapped)`);

  const query = timelineQuery(db, subject, { limit: HOT }).toSQL();
  const plan = await client.unsafe(`explain (analyze, buffers) ${query.sql}`, query.params as never[]);
  console.log(plan.map((row) => Object.values(row)[0]).join("\n"));
} finally {
  await client.end();
  await dropDatabase(server.url, name);
  await server.stop();
}
