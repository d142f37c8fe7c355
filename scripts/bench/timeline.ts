// npm run bench:timeline — the history of an object with 1,000 events among 1,000,000 and 50 operator actions among
// 100,000 audit rows (target: < 20 ms), with both query plans. Uses DATABASE_URL's server (else an embedded one) and a
// scratch database it drops afterwards.
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import { getHistory, getTimeline, operatorActionsQuery, timelineQuery } from "@/db/queries/timeline";
import { benchDatabase } from "./bench-database";

const TOTAL = 1_000_000;
const HOT = 1_000;
const AUDIT = 100_000;
const HOT_ACTIONS = 50;

const { url, dispose } = await benchDatabase("timeline");
const { db, client } = connectDatabase(url, { max: 2 });
try {
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
  // Operator actions (refunds, re-processing) on 20,000 intents, 50 of them on the hot one, spread over the same months.
  await db.execute(sql`insert into operators (email, name, password_hash, role) values ('bench@example.com', 'Bench', 'x', 'operator')`);
  await db.execute(sql`insert into audit_log (operator_id, actor, action, subject_type, subject_id, mode, before, after, at)
    select (select id from operators limit 1), 'bench@example.com', 'refund.create', 'payment_intent',
      case when g % ${AUDIT / HOT_ACTIONS} = 0 then 'pi_hot' else 'pi_' || (g % 20000) end, 'test',
      jsonb_build_object('amountRefunded', 0), jsonb_build_object('amount', 1000 + g, 'currency', 'CRC', 'reason', 'duplicate', 'refundId', 'ref_' || g),
      timestamptz '2026-01-01' + g * interval '100 seconds'
    from generate_series(1, ${AUDIT}) g`);
  // What autovacuum does on a live database: statistics, and a visibility map for index-only scans.
  for (const table of ["webhook_events", "event_subjects", "audit_log"]) await client.unsafe(`vacuum analyze ${table}`);
  console.log(`seeded ${TOTAL.toLocaleString("en")} events and ${AUDIT.toLocaleString("en")} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const subject = { mode: "test", type: "payment_intent", id: "pi_hot" } as const;
  // Interleaved with the events alone, so both see the same load: the difference is what the merge costs.
  const measure = { history: [] as number[], events: [] as number[] };
  const rows = { history: 0, events: 0 };
  for (let i = 0; i < 55; i++) {
    for (const [name, read] of [["history", () => getHistory(db, subject, { limit: HOT })], ["events", () => getTimeline(db, subject, { limit: HOT })]] as const) {
      started = performance.now();
      rows[name] = (await read()).length;
      // The first five of each warm up the connection and the plans.
      if (i >= 5) measure[name].push(performance.now() - started);
    }
  }
  for (const name of ["history", "events"] as const) {
    const times = measure[name].sort((a, b) => a - b);
    const what = name === "history" ? "history (events and operator actions, merged)" : "events alone (before the merge)";
    console.log(`pi_hot ${what}: ${rows[name]} lines; p50 ${times[25]!.toFixed(1)} ms, p95 ${times[47]!.toFixed(1)} ms, max ${times[49]!.toFixed(1)} ms`);
  }
  console.log("(target < 20 ms for the history, measured at the caller, rows mapped)");

  for (const query of [timelineQuery(db, subject, { limit: HOT }).toSQL(), operatorActionsQuery(db, subject).toSQL()]) {
    const plan = await client.unsafe(`explain (analyze, buffers) ${query.sql}`, query.params as never[]);
    console.log(plan.map((row) => Object.values(row)[0]).join("\n"));
  }
} finally {
  await client.end();
  await dispose();
}
