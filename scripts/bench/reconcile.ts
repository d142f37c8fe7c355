// npm run bench:reconcile [-- --max=1000000] — reconciliation's rules over N transfers × N intents (N = 10k, 100k and,
// with --max=1000000, 1M), generated with SQL: per scale the bare joins of rules 2 and 3 (the floor), the rules' keys
// for the generated rows (in the app, the scoped pass queued after each write computes them for what was written; here
// all at once, timed apart), a full pass that writes every suggestion, the recount the rules' job runs after it, the
// rows it wrote copied alone into empty tables with the same indexes (its write floor), a second pass with nothing new,
// one new transfer
// matched alone, the queues' pages and summary (db/queries/reconciliation-queues.ts: the kept counts, checked equal to
// the count from the rows), the Node process's peak RSS, and last a full pass over the same data with no transfer linked
// by the service, from no suggestion (the suggestions' statistics empty).
// --plans prints the heavy statements' EXPLAIN ANALYZE at the largest scale.
// Uses DATABASE_URL's server (else an embedded one) and a scratch database per scale, dropped afterwards.
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import os from "node:os";
import { fillMissingReconciliationKeys, recountQueueCounts, runReconciliation } from "@/db/queries/reconciliation";
import { listQueue, queueSummary, queueSummaryFromRows } from "@/db/queries/reconciliation-queues";
import { timeSearches } from "./reconcile-search";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres } from "../lib/postgres";
import { median as p50, msText as fmt } from "./figures";
import { backendCpuMs } from "./cpu";

const args = process.argv.slice(2);
const max = Number(args.find((a) => a.startsWith("--max="))?.slice(6) ?? 100_000);
const plans = args.includes("--plans");
/** Keeps the scratch databases (for a look in psql) instead of dropping them. */
const keep = args.includes("--keep") || args.includes("--generate-only");
/** Generates the data of each scale, keeps the databases and stops there: for reading plans by hand. */
const generateOnly = args.includes("--generate-only");
/** The scratch databases' name prefix (a helper sharing the server names its own). */
const prefix = args.find((a) => a.startsWith("--db-prefix="))?.slice(12) ?? "bench_reconcile";
const scales = [10_000, 100_000, 1_000_000].filter((n) => n <= max);
const NOW = "2026-11-21T18:00:00Z";
const DAYS = 90;

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const rssTimer = setInterval(sampleRss, 20);
const ms = (start: number) => performance.now() - start;

/**
 * N customers/4, N intents, N transfers. Intent g: awaiting when g % 10 < 4, succeeded for 4–8, canceled for 9; amounts
 * ₡1 000–₡290 000 (USD for g % 5 = 0); order number 100000+g in its metadata. Transfer g by g % 10: 0–1 pay intent g
 * from the customer's phone 2 h after it (rule 3), 2 names intent g's order with ₡10 less (rule 2), 3–4 are the two
 * halves of intent g−(g%10−3) from its customer (rule 4), 5–7 are linked by the service (rule 1), 8–9 are strays.
 * The others' descriptions say "SINPE T<g>": a bare "SINPE <g>" named order 100000+g′ = g for every g above 100,000,
 * which at 1M made rule 2 suggest 630,000 accidental pairs (a generator artefact, not the rules' doing).
 */
async function generate(db: ReturnType<typeof connectDatabase>["db"], n: number) {
  const customers = Math.max(1, Math.floor(n / 4));
  const amount = (g: string) => `((10 + ((${g})::bigint * 7919) % 280) * 100000)::bigint`;
  const created = (g: string) => `timestamptz '${NOW}' - ((${g}) * interval '${(DAYS * 86_400) / n} seconds')`;
  const currency = (g: string) => `(case when (${g}) % 5 = 0 then 'USD' else 'CRC' end)`;
  const phone = (c: string) => `'+506 8' || lpad(((${c}) % 10000000)::text, 7, '0')`;
  await db.execute(sql.raw(`insert into customers (mode, id, name, phone, email, amount_spent, transactions_count, created_at)
    select 'test', 'cus_' || c, (array['María','José','Ana','Luis','Sofía','Andrés'])[1 + c % 6] || ' ' || (array['Rodríguez','Pérez','Mora','Jiménez','Vargas'])[1 + c % 5] || ' ' || c,
      ${phone("c")}, 'c' || c || '@example.cr', 0, 0, timestamptz '${NOW}' - interval '400 days'
    from generate_series(0, ${customers - 1}) c`));
  await db.execute(sql.raw(`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, metadata, created_at, last_event_at)
    select 'test', 'pi_' || g, s.status, case when s.status in ('succeeded', 'canceled') then 10 else 1 end, ${amount("g")}, ${currency("g")},
      'cus_' || g % ${customers}, jsonb_build_object('orderId', (100000 + g)::text, 'canal', 'web'), ${created("g")}, ${created("g")}
    from generate_series(1, ${n}) g
    cross join lateral (select (array['processing','requires_payment_method','processing','requires_action','succeeded','succeeded','succeeded','succeeded','succeeded','canceled'])[1 + g % 10] as status) s`));
  // k = the intent a transfer pays: g itself, except a split's second half (g % 10 = 4) pays g − 1.
  await db.execute(sql.raw(`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, origin_id, origin_name, origin_phone, description,
      authorization_date, status, payment_intent_id, source)
    select 'test', lpad(g::text, 25, '0'),
      case when r in (0, 1) or r between 5 and 7 then ${amount("k")} when r = 2 then ${amount("k")} - 1000
           when r = 3 then ${amount("k")} / 2 when r = 4 then ${amount("k")} - ${amount("k")} / 2 else 123400 + g % 977 * 100 end,
      ${currency("k")},
      case when r in (3, 4) then '01' || lpad((k % 100000000)::text, 8, '0') else '9' || lpad(g::text, 11, '0') end,
      case when r in (0, 1, 3, 4) then upper('Cliente ' || k) else 'Persona ' || g end,
      case when r in (0, 1, 3, 4) then '8' || lpad(((k % ${customers}) % 10000000)::text, 7, '0') else '7' || lpad((g % 10000000)::text, 7, '0') end,
      case when r = 2 then 'Pago pedido ' || (100000 + k) else 'SINPE T' || g end,
      ${created("k")} + case when r = 4 then interval '5 hours' else interval '2 hours' end,
      'received', case when r between 5 and 7 then 'pi_' || k end, 'sync'
    from generate_series(1, ${n}) g cross join lateral (select g % 10 as r, case when g % 10 = 4 then g - 1 else g end as k) x`));
  await db.execute(sql`analyze`);
}

/** CPU time (ms) this database's server processes have used so far (backendCpuMs), or null when the server is not local. */
async function serverCpu(db: ReturnType<typeof connectDatabase>["db"]): Promise<number | null> {
  const [row] = await db.execute<{ name: string }>(sql`select current_database() as name`);
  return backendCpuMs(row!.name);
}
async function cpuOf<T>(db: ReturnType<typeof connectDatabase>["db"], work: () => Promise<T>): Promise<[T, number, string]> {
  const before = await serverCpu(db);
  const [value, wall] = await timed(work);
  const after = await serverCpu(db);
  return [value, wall, before === null || after === null ? "" : `, server CPU ${fmt(after - before)}`];
}

/**
 * The write floor of a full pass: the rows it wrote (matches and their transfers), copied as they are into empty tables
 * with the same indexes and constraints, in one transaction that does not wait for the WAL flush (as a full pass) —
 * what storing the pass's result costs with no rule computed. The copies are dropped afterwards.
 */
async function copyPassRows(db: ReturnType<typeof connectDatabase>["db"]) {
  await db.execute(sql`create table bench_copy_matches (like reconciliation_matches including all)`);
  await db.execute(sql`create table bench_copy_members (like reconciliation_match_transfers including all)`);
  await db.execute(sql`create table bench_source_matches as select * from reconciliation_matches`);
  await db.execute(sql`create table bench_source_members as select * from reconciliation_match_transfers`);
  try {
    const [, wall, cpu] = await cpuOf(db, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(sql`insert into bench_copy_matches select * from bench_source_matches`);
        await tx.execute(sql`insert into bench_copy_members select * from bench_source_members`);
      }),
    );
    return [wall, cpu] as const;
  } finally {
    await db.execute(sql`drop table bench_copy_matches, bench_copy_members, bench_source_matches, bench_source_members`);
  }
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, ms(start)];
}

const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
const report: string[] = [];
try {
  for (const n of scales) {
    const name = `${prefix}_${process.pid}_${n}`;
    const url = await createDatabase(server.url, name);
    const { db, client } = connectDatabase(url, { max: 4 });
    try {
      await runMigrations(url);
      const [, genMs] = await timed(() => generate(db, n));
      if (generateOnly) {
        console.log(`N=${n}: generated in ${fmt(genMs)}, kept as ${url}`);
        continue;
      }
      const ruleTwoFloor = sql`select count(*) from mobile_transfers t join payment_intents pi
        on pi.mode = t.mode and pi.metadata->>'orderId' = substring(t.description from '[0-9]{5,}') where t.mode = 'test'`;
      const ruleThreeFloor = sql`select count(*) from mobile_transfers t
        join payment_intents pi on pi.mode = t.mode and pi.currency = t.currency and pi.amount = t.amount
          and pi.status in ('processing', 'requires_payment_method', 'requires_confirmation', 'requires_action')
          and pi.created_at between t.paid_at - interval '72 hours' and t.paid_at
        join customers c on c.mode = pi.mode and c.id = pi.customer_id and c.phone_key = t.sender_phone
        where t.mode = 'test' and t.payment_intent_id is null`;
      // Each floor join under the pass's own settings (no JIT: at 100k it compiled for ~700 ms of an 800 ms join; the
      // pass's work_mem), run twice and the second timed: the first read of freshly generated rows also sets their hint
      // bits (a write per page), which the pass never pays (the keys read every row before it).
      const warm = (query: typeof ruleTwoFloor) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '128MB', true)`);
          await tx.execute(query);
          return (await timed(() => tx.execute(query)))[1];
        });
      const floor2 = await warm(ruleTwoFloor);
      const floor3 = await warm(ruleThreeFloor);
      const [keys, keysMs] = await timed(() => fillMissingReconciliationKeys(db, "test"));
      const steps: string[] = [];
      const [first, firstMs, firstCpu] = await cpuOf(db, () => runReconciliation(db, "test", null, { trace: (label, t) => steps.push(`${label} ${fmt(t)}`) }));
      console.log(`  N=${n} full pass by statement: ${steps.join("; ")}`);
      // The recount the rules' job runs after a full pass (healing what a race left in the counts), in its own transaction.
      const [, recountMs] = await timed(() => recountQueueCounts(db, "test"));
      const [writeFloor, writeFloorCpu] = await copyPassRows(db);
      steps.length = 0;
      const [again, againMs, againCpu] = await cpuOf(db, () => runReconciliation(db, "test", null, { trace: (label, t) => steps.push(`${label} ${fmt(t)}`) }));
      console.log(`  N=${n} re-run by statement: ${steps.join("; ")}`);
      // One new transfer paying an awaiting intent (g = 10: awaiting, CRC… any awaiting intent works), matched alone.
      const single: number[] = [];
      for (let i = 0; i < 15; i++) {
        const ref = `NEW${String(n).padStart(6, "0")}${String(i).padStart(16, "0")}`;
        const intent = 10 * (i + 1) + 1; // g % 10 = 1: awaiting; its customer is cus_(g % customers)
        await db.execute(sql`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, origin_phone, origin_name, description, authorization_date, status, source)
          select 'test', ${ref}, pi.amount, pi.currency, c.phone, 'Alguien', 'pago', pi.created_at + interval '1 hour', 'received', 'webhook'
          from payment_intents pi join customers c on c.mode = pi.mode and c.id = pi.customer_id where pi.mode = 'test' and pi.id = ${`pi_${intent}`}`);
        steps.length = 0;
        const [stats, t] = await timed(() => runReconciliation(db, "test", { refs: [ref] }, { trace: (label, ms) => steps.push(`${label} ${fmt(ms)}`) }));
        if (stats.inserted < 1) throw new Error(`the new transfer ${ref} was not suggested`);
        single.push(t);
      }
      console.log(`  N=${n} one new transfer (last of 15) by statement: ${steps.join("; ")}`);
      const page: number[] = [];
      for (let i = 0; i < 30; i++) page.push((await timed(() => listQueue(db, { mode: "test", queue: "suggested", limit: 25 })))[1]);
      const second: number[] = [];
      const { next } = await listQueue(db, { mode: "test", queue: "suggested", limit: 25 });
      for (let i = 0; i < 15; i++) second.push((await timed(() => listQueue(db, { mode: "test", queue: "suggested", limit: 25, cursor: next ?? undefined })))[1]);
      const unmatched: number[] = [];
      for (let i = 0; i < 15; i++) unmatched.push((await timed(() => listQueue(db, { mode: "test", queue: "unmatched", limit: 25 })))[1]);
      const summary: number[] = [];
      for (let i = 0; i < 5; i++) summary.push((await timed(() => queueSummary(db, "test")))[1]);
      // The kept counts against the count from the rows (what queueSummary read before drizzle/0023): equal, or the bench fails.
      const fromRows: number[] = [];
      for (let i = 0; i < 3; i++) fromRows.push((await timed(() => queueSummaryFromRows(db, "test")))[1]);
      const [kept, counted] = [await queueSummary(db, "test"), await queueSummaryFromRows(db, "test")];
      if (JSON.stringify(kept) !== JSON.stringify(counted)) throw new Error(`queueSummary ${JSON.stringify(kept)} differs from the rows' ${JSON.stringify(counted)}`);
      const counts = await db.execute<{ state: string; n: number }>(sql`select state, count(*)::int as n from reconciliation_matches group by 1 order by 1`);
      report.push(
        `N=${n.toLocaleString("en")} (generated in ${fmt(genMs)}): floor rule 2 join ${fmt(floor2)}, rule 3 join ${fmt(floor3)} | ` +
          `keys ${fmt(keysMs)} (${keys.transfers} transfers, ${keys.intents} intents) | ` +
          `full pass ${fmt(firstMs)}${firstCpu} (linked ${first.linked}, suggestions ${first.suggestions}, written ${first.inserted}; ` +
          `its rows alone copied into empty tables with the same indexes ${fmt(writeFloor)}${writeFloorCpu}; the recount after it ${fmt(recountMs)}) | ` +
          `re-run ${fmt(againMs)}${againCpu} (written ${again.inserted}, withdrawn ${again.deleted}) | one new transfer p50 ${fmt(p50(single))} | ` +
          `Suggested first page p50 ${fmt(p50(page))}, second page ${fmt(p50(second))}, Unmatched first page ${fmt(p50(unmatched))}, ` +
          `queueSummary ${fmt(p50(summary))} (counted from the rows ${fmt(p50(fromRows))}, equal) | load average ${os.loadavg()[0]!.toFixed(1)} | rows: ${counts.map((c) => `${c.state} ${c.n}`).join(", ")}`,
      );
      console.log(report.at(-1));
      // The operator's searches (match by hand per kind of text, the queues' sender filter): reconcile-search.ts.
      report.push(`N=${n.toLocaleString("en")} searches: ${await timeSearches(db, n)}`);
      console.log(report.at(-1));
      if (plans && n === scales.at(-1)) {
        const show = (label: string, plan: string) => console.log(`\n--- plan: ${label}\n${plan}`);
        await db.execute(sql`delete from reconciliation_matches where state = 'suggested'`);
        await runReconciliation(db, "test", null, { explain: show });
        console.log("\n=== one new transfer (scope of one reference) ===");
        await runReconciliation(db, "test", { refs: [`NEW${String(n).padStart(6, "0")}${"0".repeat(16)}`] }, { explain: show });
      }
      // Last, as it changes the data: a merchant whose service links no transfer, on its first pass (rule 1 writes
      // nothing, and the suggestions' statistics say the table is empty, as autovacuum leaves it): the plan that once
      // looped over the table the write was filling.
      await db.execute(sql`update mobile_transfers set payment_intent_id = null where mode = 'test' and payment_intent_id is not null`);
      await db.execute(sql`delete from reconciliation_matches where mode = 'test'`);
      await db.execute(sql`vacuum analyze reconciliation_matches, reconciliation_match_transfers, mobile_transfers`);
      await fillMissingReconciliationKeys(db, "test");
      const [unlinked, unlinkedMs, unlinkedCpu] = await cpuOf(db, () => runReconciliation(db, "test", null));
      report.push(`N=${n.toLocaleString("en")} none linked by the service, from no suggestion: full pass ${fmt(unlinkedMs)}${unlinkedCpu} (linked ${unlinked.linked}, suggestions ${unlinked.suggestions})`);
      console.log(report.at(-1));
    } finally {
      await client.end();
      if (!keep) await dropDatabase(server.url, name);
    }
  }
  sampleRss();
  console.log(`\nNode peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB (the work is SQL). Machine shared with other jobs: compare figures within one run.`);
  for (const line of report) console.log(line);
} finally {
  clearInterval(rssTimer);
  await server.stop();
}
