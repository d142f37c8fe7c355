// npm run bench:reconcile-close — the period close page's figures and the first page of its CSV over 1,000,000 SINPE
// transfers (a year at one every 30 s; a third linked by the service, one in ten in USD, one in seven pending), with the
// rules run over them first so the figures read real memberships. Prints the median of 5 for a day, a week and a month,
// then the month's whole CSV read page by page as its export reads it (EXPORT_PAGE_SIZE + 1 rows a query, after the
// last row's cursor): pages, total time, median and slowest page.
// Uses DATABASE_URL's server (else an embedded one) and a scratch database per scale it drops afterwards.
// BENCH_TRANSFERS=n (or n,m,… for several scales, e.g. 100000,1000000) to scale.
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import { runReconciliation } from "@/db/queries/reconciliation";
import { listPeriodPairs, periodFigures } from "@/db/queries/reconciliation-close";
import { EXPORT_PAGE_SIZE } from "@/lib/export/define";
import { periodOf } from "@/lib/reconciliation/periods";
import { benchDatabase } from "./bench-database";

const SCALES = (process.env.BENCH_TRANSFERS ?? "1000000").split(",").map(Number);
const TZ = "America/Costa_Rica";
/** A day inside the generated data (one transfer every 30 s from 2026-01-01: 100,000 cover 35 days, 10,000 three and a half). */
const dayOf = (transfers: number) => (transfers >= 250_000 ? "2026-03-10" : transfers >= 50_000 ? "2026-01-15" : "2026-01-02");

/** The period's CSV as the export reads it: every page's time, and the rows. */
async function csvPages(db: Parameters<typeof listPeriodPairs>[0], scope: Parameters<typeof listPeriodPairs>[1]) {
  const times: number[] = [];
  let rows = 0;
  let after: { at: string; ref: string } | undefined;
  for (;;) {
    const t0 = performance.now();
    const page = await listPeriodPairs(db, scope, { limit: EXPORT_PAGE_SIZE + 1, after });
    times.push(performance.now() - t0);
    const items = page.slice(0, EXPORT_PAGE_SIZE);
    rows += items.length;
    if (page.length <= EXPORT_PAGE_SIZE) return { times, rows };
    after = { at: items.at(-1)!.paidAt.toISOString(), ref: items.at(-1)!.ref };
  }
}

for (const TRANSFERS of SCALES) {
  console.log(`\n${TRANSFERS.toLocaleString("en")} transfers`);
  const { url, dispose } = await benchDatabase(`close_${TRANSFERS}`);
  const { db, client } = connectDatabase(url, { max: 4 });
  try {
    let started = performance.now();
    await db.execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, last_event_at, created_at)
      select 'test', 'pi_' || g, 'succeeded', 10, 100000 + (g % 1000) * 100, 'CRC', timestamptz '2026-01-01 06:00Z' + g * interval '30 seconds',
        timestamptz '2026-01-01 06:00Z' + g * interval '30 seconds'
      from generate_series(1, ${TRANSFERS}) g where g % 3 = 0`);
    await db.execute(sql`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, origin_id, origin_name, description, authorization_date, status, payment_intent_id, source)
      select 'test', lpad(g::text, 25, '0'), 100000 + (g % 1000) * 100, case when g % 10 = 1 then 'USD' else 'CRC' end, '1' || lpad((g % 50000)::text, 8, '0'),
        'Persona ' || (g % 5000), 'SINPE ' || g, timestamptz '2026-01-01 06:00Z' + g * interval '30 seconds',
        case when g % 7 = 0 then 'pending' else 'received' end, case when g % 3 = 0 then 'pi_' || g end, 'sync'
      from generate_series(1, ${TRANSFERS}) g`);
    for (const table of ["payment_intents", "mobile_transfers"]) await client.unsafe(`vacuum analyze ${table}`);
    console.log(`seeded ${TRANSFERS.toLocaleString("en")} transfers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await runReconciliation(db, "test");
    for (const table of ["reconciliation_matches", "reconciliation_match_transfers"]) await client.unsafe(`vacuum analyze ${table}`);
    console.log(`rules ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    for (const kind of ["day", "week", "month"] as const) {
      const period = periodOf(kind, dayOf(TRANSFERS), TZ);
      const scope = { mode: "test" as const, currency: "CRC", start: period.start, end: period.end };
      const times: number[] = [];
      let received = 0;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        received = (await periodFigures(db, scope)).received.count;
        times.push(performance.now() - t0);
      }
      const t1 = performance.now();
      await listPeriodPairs(db, scope, { limit: 100 });
      const csv = performance.now() - t1;
      times.sort((a, b) => a - b);
      console.log(`${kind.padEnd(5)} ${received.toLocaleString("en").padStart(7)} received: figures median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}), first CSV page ${csv.toFixed(1)} ms`);
      if (kind !== "month") continue;
      // The whole file: a plan that reads the member table once per page (not once per transfer) shows here, per page.
      const whole = await csvPages(db, scope);
      const pages = [...whole.times].sort((a, b) => a - b);
      const total = whole.times.reduce((sum, ms) => sum + ms, 0);
      console.log(`month's CSV: ${whole.rows.toLocaleString("en")} rows in ${pages.length.toLocaleString("en")} pages of ${EXPORT_PAGE_SIZE}, ${(total / 1000).toFixed(2)} s of queries: ` +
        `${pages[Math.floor(pages.length / 2)]!.toFixed(1)} ms a page (median), p95 ${pages[Math.floor(pages.length * 0.95)]!.toFixed(1)} ms, slowest ${pages.at(-1)!.toFixed(1)} ms`);
    }
  } finally {
    await client.end();
    await dispose();
  }
}
