import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Mode } from "@/lib/env-schema";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import { AWAITING_INTENT_STATUSES, CLOCK_SKEW_MINUTES, CLOSED_INTENT_STATUSES, WINDOW_HOURS } from "@/lib/reconciliation/reasons";
import { WEIGHTS } from "@/lib/reconciliation/score";
import type { Database, Db, Transaction } from "../index";
import { foldLine, foldedHour, LIVE } from "./reconciliation-queues";

// The reconciliation rules (issue 13), set-based: one pass reads every unreconciled transfer in scope, finds each rule's
// candidates with hash joins on comparison keys (sender phone/id/name, description words, intents' reference values),
// and brings the `suggested` rows to exactly that set: inserts the new, rewrites changed scores, deletes the ones whose
// reason is gone. Rows in any other state are decisions and are never touched.
// The keys (drizzle/0009's functions) live in reconciliation_transfer_keys / reconciliation_intent_keys and are written
// here, not by the sync or the webhook: a scoped pass recomputes those of its scope (the writers queue one for what
// they wrote, lib/reconciliation/jobs.ts), a full pass adds those missing. So a synced page costs its own row only.
// The same steps serve a full pass (scope null) and one new transfer (scope = its reference): the small scope
// turns the hash joins into index probes (payment_intents_awaiting_idx, reconciliation_intent_keys_references_idx,
// reconciliation_transfer_keys_sender_idx). A full pass keeps each step's rows in a temp table, a scoped pass in a CTE.

export type ReconcileScope = {
  /** Transfers to (re)consider. */
  refs?: string[];
  /** Intents whose candidate transfers to (re)consider: after an undo frees an intent, or a sync wrote it. */
  intentIds?: string[];
  /** Customers a sync wrote: their awaiting intents are (re)considered (a new phone or name changes rule 3). */
  customerIds?: string[];
};

export type ReconcileStats = { linked: number; suggestions: number; inserted: number; deleted: number };

/**
 * Which of `of` parts of a split full pass a transfer is in, by its sender key (its reference when it has none: see
 * runReconciliation): its transfer key row's sender_key, or its reference.
 */
export const halfOf = (senderKeyOrRef: SQL, of: number) => sql`(hashtext(${senderKeyOrRef}) & 2147483647) % ${sql.raw(String(of))}`;

/** A text[] parameter (drizzle spreads a JS array into a list of parameters). */
export const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));
export const OPEN_TRANSFER = sql`t.status in (${list(UNRECONCILED_TRANSFER_STATUSES)}) and t.payment_intent_id is null`;
const AWAITING = sql`pi.status in (${list(AWAITING_INTENT_STATUSES)})`;
const NOT_CLOSED = sql`pi.status not in (${list(CLOSED_INTENT_STATUSES)})`;
const WINDOW = sql.raw(`interval '${WINDOW_HOURS} hours'`);
const SKEW = sql.raw(`interval '${CLOCK_SKEW_MINUTES} minutes'`);
const w = (code: keyof typeof WEIGHTS) => sql.raw(String(WEIGHTS[code]));
/** Held exclusively by a pass and shared by decisions (lib/reconciliation/decisions.ts), per mode. */
export const reconcileLock = (mode: Mode) => sql`pg_advisory_xact_lock(7271301, hashtext(${mode}))`;
export const reconcileLockShared = (mode: Mode) => sql`pg_advisory_xact_lock_shared(7271301, hashtext(${mode}))`;

/** No decision settled the transfer (confirmed against an intent, or accepted without a match): the rules' and the Overview's test. */
export const notSettled = (ref: SQL, mode: SQL = sql`t.mode`) => sql`not exists (select 1 from reconciliation_match_transfers s
  where s.mode = ${mode} and s.sinpe_ref_number = ${ref} and s.state in ('confirmed', 'accepted_unmatched'))`;

/** The columns a suggestion's reasons are stored as, each with its value from `f` (SCORED), in the order of its row. */
const REASON_INPUTS: [column: string, input: SQL][] = [
  ["reason_id_value", sql`case when f.by_id then f.id_value end`],
  ["reason_meta_key", sql`case when f.meta_value is not null and not f.by_id then f.meta_key end`],
  ["reason_meta_value", sql`case when f.meta_value is not null and not f.by_id then f.meta_value end`],
  ["reason_phone", sql`case when f.by_phone then f.phone end`],
  ["reason_sender_id", sql`f.sid_entry`],
  ["reason_name", sql`case when f.by_name then f.nm end`],
  ["reason_hours", sql`case when f.hours <= ${sql.raw(String(WINDOW_HOURS))} and f.first_at >= f.created_at - ${SKEW} then f.hours end`],
  ["reason_candidates", sql`case when f.candidates > 1 then f.candidates end::int`],
];
const REASON_COLUMNS = REASON_INPUTS.map(([column]) => column);

/**
 * A candidate's rule, score and what its reasons say (`f`: a row of rc_cand with its count of candidates and hours).
 * The reasons are stored as these inputs, one column each, null where the reason does not hold (drizzle/0044): the
 * queues build them as data on read (rc_reasons, a page at a time). Built as JSON here, for every
 * suggestion a pass wrote, they were a third of the statement and a fifth of each row.
 * Its text seeds the candidates' fingerprints: a change to the weights, the window or the inputs makes every
 * fingerprint new, so the next pass rewrites every suggestion.
 */
const SCORED = sql`
      case when f.by_id or f.meta_value is not null then 'reference_in_description' when f.kind = 'set' then 'split_payment' else 'amount_and_sender' end::reconciliation_rule as rule,
      greatest(0, least(100,
        case when f.by_id then ${w("intent_id_in_description")} when f.meta_value is not null then ${w("metadata_in_description")} else 0 end
        + case when f.total = f.intent_amount then ${w("same_amount")} else ${w("amount_difference")} end
        + case when f.by_phone then ${w("sender_phone_is_customer")} else 0 end
        + case when f.sid_entry is not null then ${w("sender_id_in_metadata")} else 0 end
        + case when f.by_name then ${w("sender_name_is_customer")} else 0 end
        + case when f.kind = 'set' then ${w("split_transfers")} else 0 end
        + case when f.hours <= ${sql.raw(String(WINDOW_HOURS))} and f.first_at >= f.created_at - ${SKEW} then ${w("within_window")} else 0 end
        + case when f.candidates > 1 then ${w("several_candidates")} else 0 end)) as score,
      ${sql.join(REASON_INPUTS.map(([column, input]) => sql`${input} as ${sql.raw(column)}`), sql`, `)}`;
/** 32-bit FNV-1a of a string: a stable number from a text. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
const dialect = new PgDialect();
const FINGERPRINT_SEED = sql.raw(String(fnv1a(dialect.sqlToQuery(SCORED).sql)));

/**
 * Runs statements as prepared statements of the transaction's connection (postgres.js `prepare`; Drizzle's execute
 * never prepares), or null when the driver is not postgres.js. Drizzle keeps the connection on its session (public at
 * runtime, marked internal: lib/sync/queue.ts reads it too).
 */
function preparedOn(db: Db): ((query: SQL) => Promise<unknown>) | null {
  type Unsafe = (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown>;
  const client = (db as unknown as { session?: { client?: { unsafe?: Unsafe } } }).session?.client;
  if (typeof client?.unsafe !== "function") return null;
  return (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return client.unsafe!(text, params, { prepare: true });
  };
}

/** Runs every rule for the mode (or the scope) and writes its suggestions, in the caller's transaction or its own. */
export async function runReconciliation(
  db: Db,
  mode: Mode,
  scope: ReconcileScope | null = null,
  options: PassOptions = {},
): Promise<ReconcileStats> {
  if (!("rollback" in db)) {
    const pool = db as Database;
    // A full pass of its own runs rule 1 in a second transaction of the pool's (besideTransaction); not from a pool of
    // one. With a third connection it also splits rules 2–4 in two halves, the second in a transaction of its own.
    const besideAllowed = scope === null && !options.explain && pool.$client.options.max > 1;
    const splitAllowed = besideAllowed && pool.$client.options.max > 2;
    return pool.transaction(async (tx) => {
      const beside = besideAllowed ? besideTransaction<unknown[]>(pool) : undefined;
      const otherHalf = splitAllowed ? besideTransaction<PassStats>(pool) : undefined;
      try {
        return await runReconciliation(tx, mode, scope, { ...options, ownTransaction: true, beside, otherHalf, pool: splitAllowed ? pool : undefined });
      } finally {
        // Rule 1 and the other half end (rolled back unless they committed) before this transaction ends and lets go of the lock.
        await Promise.all([beside?.close(), otherHalf?.close()]);
      }
    });
  }
  const full = scope === null;
  const helper = full && Boolean(options.half);
  // A full pass counts what it writes in the queue counts itself, in the statement that writes it, from rows it holds
  // (`rows`: currency, time, amount and ±1 each), with the tables' count triggers off for that statement (hashJoined's
  // countsHere; rule 1's transaction beside; the triggers' rc.queue_counts test, drizzle/0024 and 0038, whose comment
  // predates this): a trigger finds each row's transfer and its other suggestions again, by hash joins over every
  // transfer and member row of the mode once a statement writes thousands, where the pass has them at hand (rc_open,
  // its candidates). Rule 1's transfers are linked, never in Unmatched nor unreconciled: it counts only its
  // confirmations. The same figures per hour as the triggers' (the benchmark's first pass, 100,000 and 1,000,000); the
  // recount after a full pass (recountQueueCounts) still heals what a race with another writer left. The hour by
  // date_part (a float), not extract (a numeric, the triggers'): the same hour down to an hour's last microsecond (the
  // float's step at today's epoch is a quarter of one), at a fraction of the numeric division's cost per row.
  const countedHere = (name: string, queue: string, rows: SQL) => sql`${sql.raw(name)} as (
      insert into reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
      select ${mode}, ${queue}, x.currency, floor(date_part('epoch', x.at) / 3600)::int, sum(x.d), sum(x.d * x.amount)
      from (${rows}) x (currency, at, amount, d) group by 3, 4 having sum(x.d) <> 0 or sum(x.d * x.amount) <> 0)`;
  // A scoped pass's statements are the same text from pass to pass: prepared, PostgreSQL keeps their plans (a generic
  // plan after five custom ones, the same plan: no estimate reads the scope's values) instead of planning each pass
  // (about 7 ms of a one-transfer pass, more under load). A full pass's statements name temp tables made per pass.
  const prepared = full || options.explain ? null : preparedOn(db);
  const exec = async (query: SQL, label?: string) => {
    const started = performance.now();
    const rows = prepared ? ((await prepared(query)) as Awaited<ReturnType<Db["execute"]>>) : await db.execute(query);
    if (label) options.trace?.(label, performance.now() - started);
    return rows;
  };
  // The scratch tables' row counts steer the planner to hash joins for a full pass (a scoped pass has no scratch tables).
  const analyze = (table: string) => (full ? exec(sql.raw(`analyze ${table}`), `analyze ${table}`) : Promise.resolve());
  // The benchmark's plans: the heavy statements run under EXPLAIN ANALYZE (which still executes them).
  const heavy = async (label: string, query: SQL) => {
    if (!options.explain) {
      const started = performance.now();
      const rows = await exec(query);
      options.trace?.(label, performance.now() - started);
      return rows;
    }
    const plan = await exec(sql`explain (analyze, costs off, timing off, summary on) ${query}`);
    options.explain(label, (plan as unknown as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n"));
    return [];
  };
  // A full pass's statement planned without nested loops, for the joins of thousands of rows to thousands where an
  // estimate of a few rows would loop: the writes' anti-joins against the suggestions (whose statistics say empty when
  // no rule-1 row and no suggestion was left — autovacuum's analyze or the last pass's — and which the statement fills:
  // a nested loop scanned the growing table once per new row, 10 s instead of 0.4 at 100,000 transfers), and the
  // awaiting intents' lookups (planned on the amounts' estimate they probed both primary keys once per intent, 45 % of
  // that statement's CPU). Not the whole pass: a step that unnests an array per row (the evidence pairs) is a nested
  // loop by nature, and with the others priced out its plan ran for minutes.
  // `countsHere`: a full pass's write that counts its own rows in the queue counts (countedHere), its tables' count
  // triggers off for the statement.
  const hashJoined = async (label: string, query: SQL, { countsHere = false } = {}) => {
    const counts = countsHere ? sql`, current_setting('rc.queue_counts', true) as counts, set_config('rc.queue_counts', 'off', true)` : sql``;
    const [was] = (await exec(sql`select current_setting('enable_nestloop') as was, set_config('enable_nestloop', 'off', true)${counts}`)) as unknown as { was: string; counts: string | null }[];
    // Put back only after a success: a failed statement aborted the transaction (a query there would hide its error).
    const rows = await heavy(label, query);
    await exec(sql`select set_config('enable_nestloop', ${was!.was}, true)${countsHere ? sql`, set_config('rc.queue_counts', ${was!.counts ?? ""}, true)` : sql``}`);
    return rows;
  };
  // One round trip: the lock, and the settings. JIT compiling these wide statements costs more than running them
  // (seconds on a busy 2-core machine, for joins that take milliseconds): the work is hash joins over narrow rows, not
  // expression evaluation. A full pass's hash joins and aggregates stay in memory instead of spilling to disk (at 1M,
  // 64MB spilled rule 4's sort and split two hash joins in batches); a scoped
  // pass reads a handful of rows, where starting a parallel worker (planned on a GIN estimate) cost more than the read.
  // A full pass keeps the queue counts as it writes, each statement counting its own rows (countedHere), in its halves
  // on both cores, where recounting the mode at the end was a statement of its own after everything else (at 100,000
  // transfers 280 ms, at 1,000,000 2.8 s). The recount that heals what a race left runs after the pass
  // (recountQueueCounts).
  // The scratch tables' ANALYZEs sample 3,000 rows, not 30,000: they choose between hash joins and index probes, for
  // which row counts and rough distinct counts are enough (at 100,000 transfers a tenth of a full pass went to sampling them).
  // A full pass in a transaction of its own holds nothing but what it can compute again: its commit does not wait
  // for the WAL to reach the disk (a crash may lose the pass, never a decision or an audit row; the next pass redoes it).
  // A scoped pass reads its rows by key. Its CTEs' row counts are the planner's guesses (a hundred rows from the scope's
  // list, hundreds of evidence pairs from an unknown `&&`), on which a scan of the suggestions or of the intents' keys
  // looked cheaper than the probes: at 10,000 transfers a third of a one-transfer pass went to such scans (and at
  // 100,000, 14 ms to scanning every intent's keys). Joins between its own CTEs still hash when they are large: a pass
  // over a sync page of 2,000 new transfers at 100,000 took 0.5 s (1–1.9 s with the temp tables), with the same rows.
  // A full pass with transactions beside its own (rule 1, the other half) already keeps two cores busy: no parallel
  // workers, whose tuple queues and gathering cost CPU no core had spare (at 1,000,000, alternated on copies of one
  // database, 4 rounds each: 16.7–21.9 → 16.4–20.2 s; the CPU with the workers counted, alive or ended, in 2 of them:
  // 31.3–38.9 → 30.4–32.3 s).
  const besideOthers = helper || Boolean(options.beside) || Boolean(options.otherHalf);
  const settings = full
    ? sql`set_config('work_mem', '128MB', true), ${helper ? sql`set_config('lock_timeout', ${HALF_LOCK_TIMEOUT}, true), ` : sql``}set_config('default_statistics_target', '10', true)
        ${options.ownTransaction ? sql`, set_config('synchronous_commit', 'off', true)` : sql``}${besideOthers ? sql`, set_config('max_parallel_workers_per_gather', '0', true)` : sql``}`
    : sql`set_config('max_parallel_workers_per_gather', '0', true), current_setting('enable_seqscan') as seqscan, set_config('enable_seqscan', 'off', true)`;
  // The other half's transaction runs under this pass's lock, held by the pass's own transaction.
  const started = await exec(sql`select ${helper ? sql`` : sql`${reconcileLock(mode)}, `}set_config('jit', 'off', true), ${settings}`);

  // `= any(array(…))`, not `in (select …)`: a probe of the transfers' primary key per scoped reference, where a
  // semi-join on the unanalysed scratch table was planned as a scan of every linked or open transfer.
  const inScope = (ref: SQL) => (full ? sql`true` : sql`${ref} = any(array(select ref from rc_scope))`);

  // Rule 1: the service linked the transfer. Confirmed with no operator, unless a decision already settled the
  // transfer or paid the intent (an operator's decision stands; the queue shows the disagreement).
  const linkedSteps = sql`linked as (
      select distinct on (t.payment_intent_id) t.sinpe_ref_number as ref, t.payment_intent_id as pid, t.amount, t.currency,
        t.paid_at, pi.amount as intent_amount
      from mobile_transfers t left join payment_intents pi on pi.mode = t.mode and pi.id = t.payment_intent_id
      where t.mode = ${mode} and t.payment_intent_id is not null and ${inScope(sql`t.sinpe_ref_number`)}
        and ${notSettled(sql`t.sinpe_ref_number`)}
        and not exists (select 1 from reconciliation_matches c where c.mode = t.mode and c.payment_intent_id = t.payment_intent_id and c.state = 'confirmed')
      order by t.payment_intent_id, t.paid_at, t.sinpe_ref_number
    ), ins as (
      insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, intent_amount, score, reasons, transfer_at)
      select ${mode}, 'confirmed', 'linked_by_service', pid, ref, 1, amount, currency, intent_amount, ${w("linked_by_service")},
        '[{"code":"linked_by_service"}]'::jsonb, paid_at from linked
      returning id, transfer_key, payment_intent_id, currency, transfer_at, amount
    ), members as (
      insert into reconciliation_match_transfers (match_id, mode, state, sinpe_ref_number) select id, ${mode}, 'confirmed', transfer_key from ins
    )${full ? sql`, ${countedHere("confirmed_counted", "confirmed", sql`select currency, transfer_at, amount, 1 from ins`)}` : sql``}`;
  // Rule 1 beside the rest of the pass, in a transaction of its own, under this transaction's lock (see besideTransaction).
  const ruleOneStatement = sql`with ${linkedSteps} select count(*)::int as n from ins`;
  const beside =
    full &&
    !helper &&
    (await options.beside?.start(async (tx) => {
      const started = performance.now();
      // The pass's own settings for this statement, and no nested loops (as hashJoined).
      await tx.execute(sql`select ${BESIDE_SETTINGS}, set_config('enable_nestloop', 'off', true), set_config('rc.queue_counts', 'off', true)`);
      const rows = [...(await tx.execute(ruleOneStatement))];
      options.trace?.("rule 1: linked by the service (beside)", performance.now() - started);
      return rows;
    }))
      ? options.beside
      : undefined;

  // Rules 2–4 in two halves (a sender's transfers in one), the second in a transaction of its own beside this one,
  // when the pool has the connections (see besideTransaction): the keys first, in a transaction of their own that
  // commits, for the other half to read them. A first pass at 100,000 transfers (30,000 linked), alternated with the
  // pass in one transaction on copies of one database: 2,056–2,329 → 2,017–2,272 ms, a re-run 1,271–1,514 →
  // 1,112–1,302 ms; at 1,000,000, 24.4 → 20.9 s and 14.3 → 12.4 s.
  // (The other half itself finds its keys committed.)
  const keys = !helper && full && options.pool && options.otherHalf ? besideTransaction<void>(options.pool) : undefined;
  const keysCommitted =
    keys &&
    (await keys.start(async (tx) => {
      await tx.execute(sql`select ${BESIDE_SETTINGS}`);
      await analyzeUnread(tx, READ_TABLES, options.trace);
      await tx.execute(sql`select set_config('default_statistics_target', '10', true)`);
      for (const statement of refreshKeys(mode, null)) {
        const started = performance.now();
        await tx.execute(statement);
        options.trace?.("keys", performance.now() - started);
      }
      await analyzeUnread(tx, KEY_TABLES, options.trace);
    }));
  if (keysCommitted) await keys.commit();
  else if (!helper) {
    if (full) await analyzeUnread(db, READ_TABLES, options.trace);
    for (const statement of refreshKeys(mode, scope)) await heavy("keys", statement);
    if (full) await analyzeUnread(db, KEY_TABLES, options.trace);
  }
  const trace = options.trace;
  const otherHalf =
    keysCommitted &&
    (await options.otherHalf!.start((tx) =>
      runReconciliation(tx, mode, null, { half: { index: 1, of: 2 }, ownTransaction: true, trace: trace && ((label, ms) => trace(`${label} (other half)`, ms)) }) as Promise<PassStats>,
    ))
      ? options.otherHalf
      : undefined;
  // The halves never wait for each other's rows (each writes only the suggestions of its senders): a wait would be for
  // ever (each waits for the other to finish before either commits), so one that lasts errs, and the pass fails.
  if (otherHalf) await exec(sql`select set_config('lock_timeout', ${HALF_LOCK_TIMEOUT}, true)`);
  const half = helper ? options.half : otherHalf ? { index: 0, of: 2 } : undefined;
  // Keeps the rows of this half: a sender's transfers (rule 4's runs, a transfer's candidates) all in one.
  const inHalf = (key: SQL) => (half ? sql`and ${halfOf(key, half.of)} = ${sql.raw(String(half.index))}` : sql``);

  // A full pass keeps each step's rows in a temp table, analysed before the next step reads it: the row counts steer the
  // planner to hash joins. A scoped pass runs the same steps (the same SQL: its rc_* are CTEs) in two statements, rule 1
  // with the scope, then the rest. With temp tables it spent more time on them than on its rows: 7 created and dropped
  // per pass (about a millisecond each, and catalog WAL for the commit to flush), a round trip per step, and plans on
  // unanalysed tables guessed at hundreds of rows, which at 10,000 transfers scanned payment_intents and the
  // suggestions (one new transfer took 75–100 ms at 10,000 transfers, of which 9 planning and about 35 executing).
  if (full) await exec(sql`create temp table rc_scope (ref text primary key) on commit drop`);
  await analyze("rc_scope");
  // Inline otherwise: a scoped pass (the rest of it reads the intents rule 1 paid), or a full pass in the caller's transaction.
  const ruleOne = full
    ? sql`with ${linkedSteps}
    -- The intents it paid, for a scoped pass's revisit of their suggestions; a full pass revisits every suggestion anyway.
    select count(*)::int as n, '{}'::text[] as pids from ins`
    : // The scope's references go back to the next statement, which reads them as its rc_scope.
      sql`with rc_scope (ref) as (${scopeRefs(mode, scope)}), ${linkedSteps}
    select count(*)::int as n, coalesce(array_agg(payment_intent_id), '{}') as pids, (select coalesce(array_agg(ref), '{}') from rc_scope) as refs from ins`;
  const linked = beside || helper ? [] : full ? await hashJoined("rule 1: linked by the service", ruleOne, { countsHere: true }) : await heavy("rule 1: linked by the service", ruleOne);
  const n = (rows: unknown, key = "n") => Number((rows as Record<string, number>[])[0]?.[key] ?? 0);
  const linkedIntents = (linked as unknown as { pids: string[] }[])[0]?.pids ?? [];
  // In EXPLAIN (the benchmark's plans) the statement returns its plan: the scope is read apart.
  const scopeList = full
    ? []
    : options.explain
      ? ((await exec(sql`select coalesce(array_agg(ref), '{}') as refs from (${scopeRefs(mode, scope)}) x (ref)`)) as unknown as { refs: string[] }[])[0]!.refs
      : ((linked as unknown as { refs: string[] }[])[0]?.refs ?? []);
  // The rows rule 1 just wrote change which intents are paid: statistics from before them send the anti-joins below
  // into nested loops.
  if (full && n(linked) > 0) await exec(sql`analyze reconciliation_matches (mode, state, payment_intent_id, transfer_key, transfer_at), reconciliation_match_transfers`, "analyze matches after rule 1");

  // With rule 1 beside, its confirmations are not in this transaction's view (not yet committed, or committed after a
  // statement began): an intent counts as paid when a decision paid it or when rule 1 pays it — some transfer the
  // service linked to it that no decision settled, rule 1's own test. Either way the same intents, whenever rule 1's
  // rows land.
  // The other half runs beside this transaction too: rule 1's rows are not in its view, wherever rule 1 runs.
  const linkedElsewhere = Boolean(beside) || helper;
  const paidBeside = (pid: SQL) =>
    linkedElsewhere ? sql`and not exists (select 1 from mobile_transfers lt where lt.mode = ${mode} and lt.payment_intent_id = ${pid} and ${notSettled(sql`lt.sinpe_ref_number`, sql`lt.mode`)})` : sql``;

  const openStep = sql`select t.sinpe_ref_number as ref, t.amount, t.currency, t.paid_at, t.sender_phone as phone, k.sender_id as sid,
      k.sender_name as nm, k.sender_key as sender, k.tokens
    from mobile_transfers t join reconciliation_transfer_keys k on k.mode = t.mode and k.sinpe_ref_number = t.sinpe_ref_number
    where t.mode = ${mode} and ${OPEN_TRANSFER} and ${inScope(sql`t.sinpe_ref_number`)} and ${notSettled(sql`t.sinpe_ref_number`)}
      ${inHalf(sql`coalesce(k.sender_key, k.sinpe_ref_number)`)}`;
  // The steps that read the decisions and suggestions (this one, the awaiting intents, the candidates, the reasons and
  // the writes) plan without nested loops when rule 1 runs beside: its rows, not yet committed, fill those tables while
  // they run, and on statistics that say the tables are (nearly) empty — a first pass — a loop over them per transfer
  // read each of rule 1's rows 70,000 times (8–11 s instead of 80 ms for the open transfers at 100,000).
  const besideSafe = linkedElsewhere || half ? hashJoined : heavy;
  if (full) await besideSafe("open transfers", sql`create temp table rc_open on commit drop as
    ${openStep}`);
  // A scoped pass adds a split payment's other parts: the same sender's open transfers within the window (rc_found: the
  // open transfers in scope).
  const otherParts = sql`select t.sinpe_ref_number, t.amount, t.currency, t.paid_at, t.sender_phone, k.sender_id, k.sender_name, k.sender_key, k.tokens
      from (select sender, currency, min(paid_at) - ${WINDOW} as lo, max(paid_at) + ${WINDOW} as hi from rc_found where sender is not null group by 1, 2) s
      join reconciliation_transfer_keys k on k.mode = ${mode} and k.sender_key = s.sender
      join mobile_transfers t on t.mode = k.mode and t.sinpe_ref_number = k.sinpe_ref_number
        and t.currency = s.currency and t.paid_at between s.lo and s.hi and ${OPEN_TRANSFER}
      where t.sinpe_ref_number not in (select ref from rc_found) and ${notSettled(sql`t.sinpe_ref_number`)}`;
  await analyze("rc_open (ref, currency, amount, phone, nm, sid, sender)");

  // Rule 4's sets: runs of two to four consecutive transfers of one sender and currency within the window.
  // A scoped pass keeps the runs with a transfer in its scope: each transfer's membership read once (a hashed IN), then
  // carried along the run. `refs && array(scope)` compared every run with every reference of the scope: a customer's
  // 10,000 transfers in scope made 30,000 runs and 300 million comparisons (1.9 s of a 2.2 s statement).
  const touches = (k: number) => (full ? sql`` : sql`, ${sql.raw(Array.from({ length: k + 1 }, (_, i) => (i === 0 ? "r.in_scope" : `r.s${i}`)).join(" or "))}`);
  const runsStep = sql`select v.refs, v.total, r.currency, r.paid_at as first_at, v.last_at, r.phone, r.sid, r.nm
    from (select o.*, lead(ref, 1) over s as r1, lead(ref, 2) over s as r2, lead(ref, 3) over s as r3,
            lead(amount, 1) over s as a1, lead(amount, 2) over s as a2, lead(amount, 3) over s as a3,
            lead(paid_at, 1) over s as t1, lead(paid_at, 2) over s as t2, lead(paid_at, 3) over s as t3
            ${full ? sql`` : sql`, lead(in_scope, 1) over s as s1, lead(in_scope, 2) over s as s2, lead(in_scope, 3) over s as s3`}
          from ${full ? sql`rc_open` : sql`(select *, ref in (select ref from rc_scope) as in_scope from rc_open)`} o where o.sender is not null
            and (o.sender, o.currency) in (select sender, currency from rc_open where sender is not null group by 1, 2 having count(*) > 1)
          window s as (partition by o.sender, o.currency order by o.paid_at, o.ref)) r
    cross join lateral (values (array[r.ref, r.r1], r.amount + r.a1, r.t1${touches(1)}),
                               (array[r.ref, r.r1, r.r2], r.amount + r.a1 + r.a2, r.t2${touches(2)}),
                               (array[r.ref, r.r1, r.r2, r.r3], r.amount + r.a1 + r.a2 + r.a3, r.t3${touches(3)})) v(refs, total, last_at${full ? sql`` : sql`, touches`})
    where v.total is not null and v.last_at <= r.paid_at + ${WINDOW}
      ${full ? sql`` : sql`and v.touches`}`;
  if (full) await heavy("rule 4: runs of one sender", sql`create temp table rc_runs on commit drop as
    ${runsStep}`);

  // Intents still awaiting money, not paid by a decision, whose amount some transfer or set in scope has (rules 3, 4).
  // A full pass reads their keys and customers with hash joins (hashJoined).
  const awaitingStep = sql`select pi.id, pi.currency, pi.amount, pi.created_at, c.phone_key, c.name_key,
      coalesce(ik.metadata_sender_ids, rc_metadata_sender_ids(pi.metadata)) as metadata_sender_ids
    from (select currency, amount, min(lo) as lo, max(hi) as hi
          from (select currency, amount, paid_at - ${WINDOW} as lo, paid_at + ${SKEW} as hi from rc_open
                union all select currency, total, first_at - ${WINDOW}, first_at + ${SKEW} from rc_runs) u group by 1, 2) k
    cross join lateral (select * from payment_intents pi where pi.mode = ${mode} and ${AWAITING} and pi.currency = k.currency and pi.amount = k.amount
                          and pi.created_at between k.lo and k.hi) pi
    left join reconciliation_intent_keys ik on ik.mode = pi.mode and ik.id = pi.id
    left join customers c on c.mode = pi.mode and c.id = pi.customer_id
    where not exists (select 1 from reconciliation_matches c2 where c2.mode = pi.mode and c2.payment_intent_id = pi.id and c2.state = 'confirmed')
      ${paidBeside(sql`pi.id`)}`;
  if (full) await hashJoined("awaiting intents", sql`create temp table rc_aw on commit drop as
    ${awaitingStep}`);
  await analyze("rc_aw (id, currency, amount, phone_key, name_key)");

  // Single-transfer evidence, one row per (transfer, intent, kind of evidence), with what the reasons need of the intent
  // (its amount and creation, and for an order number the metadata key that holds it), so no later step reads
  // payment_intents again.
  const tokens = sql`select pi.id, pi.currency, pi.amount, pi.created_at, u.v
    from reconciliation_intent_keys ik join payment_intents pi on pi.mode = ik.mode and pi.id = ik.id, unnest(ik.reference_values) u(v)
    where ik.mode = ${mode} and ${NOT_CLOSED}
      ${full ? sql`` : sql`and ik.reference_values && (select coalesce(array_agg(distinct x), '{}') from rc_open, unnest(tokens) x)`}`;
  const sameAmount = (o: string, a: string) =>
    sql.raw(`${a}.currency = ${o}.currency and ${a}.amount = ${o}.amount and ${a}.created_at between ${o}.paid_at - interval '${WINDOW_HOURS} hours' and ${o}.paid_at + interval '${CLOCK_SKEW_MINUTES} minutes'`);
  // Each pair carries its transfer's money and sender, so the candidates need not join the open transfers again.
  const TRANSFER_COLUMNS = sql`o.amount as total, o.currency, o.paid_at, o.phone, o.nm`;
  // The awaiting intents' sender ids, one row each, unnested before the join (OFFSET 0 keeps the planner from joining
  // first): then the id is a hash key. A scoped pass's plan joined the transfers to every awaiting intent of the same
  // amount first and unnested after: with every intent at one popular price, 5 million rows compared and 234,000
  // unnested, 0.4 s of a customer's pass, for no sender id at all.
  const SENDER_IDS = sql`(select aw.*, e, split_part(e, '|', 1) as sid from rc_aw aw cross join unnest(aw.metadata_sender_ids) e offset 0)`;
  // A scoped pass reads the named intents once (MATERIALIZED) and unnests its transfers' words before the join
  // (OFFSET 0), so the word is a hash key: planned on a guess of a few intents named (an `&&` on the scope's words),
  // the join ran once per named intent, or on the currency alone: a sync page's scope at 100,000 (2,000 intents,
  // 2,084 customers: 5,336 transfers, 1,668 intents named) compared 12 million pairs, 4.5 s of the statement's 4.9 s.
  const SCOPED_TOKENS = sql`(select o.*, tk.v from rc_open o cross join unnest(o.tokens) tk(v) offset 0)`;
  // ref.id is payment_intents.id, COLLATE "C" (drizzle/0042): lower() in "C" is ASCII-only, rc_reference_values lowers
  // the id in the database's collation, so this compares with its result in that collation too.
  const pairStep = sql`with ref as ${full ? sql`` : sql`materialized`} (${tokens})
    select o.ref, ref.id as pid, case when ref.v = lower(ref.id collate "default") then 'intent_id' else 'metadata' end as via, ref.v as value,
      ref.amount as intent_amount, ref.created_at,
      -- The metadata is read for the pairs an order number made (by the intent's key), not carried through the join.
      case when ref.v <> lower(ref.id collate "default") then (select key from payment_intents mp, jsonb_each_text(case when jsonb_typeof(mp.metadata) = 'object' then mp.metadata else '{}' end) kv
        where mp.mode = ${mode} and mp.id = ref.id and lower(btrim(kv.value)) = ref.v order by key limit 1) end as meta_key,
      ${TRANSFER_COLUMNS}
    from ${full ? sql`rc_open o cross join unnest(o.tokens) tk(v) join ref on ref.v = tk.v` : sql`${SCOPED_TOKENS} o join ref on ref.v = o.v`} and ref.currency = o.currency
    union all
    select o.ref, a.id, 'phone', o.phone, a.amount, a.created_at, null, ${TRANSFER_COLUMNS} from rc_open o join rc_aw a on ${sameAmount("o", "a")} and a.phone_key = o.phone
    union all
    select o.ref, a.id, 'name', o.nm, a.amount, a.created_at, null, ${TRANSFER_COLUMNS} from rc_open o join rc_aw a on ${sameAmount("o", "a")} and a.name_key = o.nm
    union all
    select o.ref, a.id, 'sender_id', e, a.amount, a.created_at, null, ${TRANSFER_COLUMNS} from ${SENDER_IDS} a
      join rc_open o on ${sameAmount("o", "a")} and o.sid = a.sid`;
  if (full) await heavy("rules 2 and 3: evidence pairs", sql`create temp table rc_pair on commit drop as
    ${pairStep}`);

  await analyze("rc_pair (ref, pid)");
  await analyze("rc_runs (refs, currency, total, phone, nm, sid)");
  // Rule 4's evidence: each run against the awaiting intents of its total from the same sender. A scoped pass joins its
  // runs and intents (CTEs, whose row counts the planner guesses at one or two) with FULL joins, which only a hash or a
  // merge join can run, in a subquery it can neither flatten nor push the filters into (OFFSET 0); the pairs (both
  // sides present) within the window are kept outside it. Planned on the guesses as plain joins, they were nested
  // loops over both CTEs: a customer's 5,000 transfers at one instant (14,994 runs) against their 5,000 awaiting intents
  // compared 150 million pairs (12–14 s of the statement). A full pass's analysed temp tables hash as they are.
  const setJoin = full ? sql`join` : sql`full join`;
  const setWithin = full ? sql` and a.created_at between r.first_at - ${WINDOW} and r.first_at + ${SKEW}` : sql``;
  // One candidate per (set of transfers, intent): the flags its reasons and score come from, and its money.
  const candidateStep = sql`with single as (
      select p.ref, p.pid, bool_or(p.via = 'intent_id') as by_id, min(p.value) filter (where p.via = 'intent_id') as id_value,
        -- The smallest order number and its key in one plain aggregate (arrays compare element by element): an
        -- aggregate with its own ORDER BY sorted every (transfer, intent) group apart, a third of this statement.
        min(array[p.value, p.meta_key]) filter (where p.via = 'metadata') as meta,
        bool_or(p.via = 'phone') as by_phone, bool_or(p.via = 'name') as by_name,
        min(p.value) filter (where p.via = 'sender_id') as sid_entry, min(p.intent_amount) as intent_amount, min(p.created_at) as created_at,
        min(p.total) as total, min(p.currency) as currency, min(p.paid_at) as paid_at, min(p.phone) as phone, min(p.nm) as nm
      from rc_pair p group by p.ref, p.pid
    ), set_evidence as (
      -- Rule 4 joins on the sender's key too, like rule 3: an amount alone matches thousands of intents.
      ${full ? sql`` : sql`select * from (`}
      select r.*, a.id as pid, a.amount as intent_amount, a.created_at, 'phone' as via, null::text as sid_entry from rc_runs r ${setJoin} rc_aw a
        on a.currency = r.currency and a.amount = r.total and a.phone_key = r.phone${setWithin}
      union all
      select r.*, a.id, a.amount, a.created_at, 'name', null from rc_runs r ${setJoin} rc_aw a
        on a.currency = r.currency and a.amount = r.total and a.name_key = r.nm${setWithin}
      union all
      select r.*, a.id, a.amount, a.created_at, 'sender_id', e from ${SENDER_IDS} a ${setJoin} rc_runs r
        on a.currency = r.currency and a.amount = r.total and r.sid = a.sid${setWithin}
      ${full ? sql`` : sql`offset 0) j where j.refs is not null and j.pid is not null and j.created_at between j.first_at - ${WINDOW} and j.first_at + ${SKEW}`}
    ), c as (
      select array[s.ref] as refs, s.pid, 'single' as kind, s.by_id, s.id_value, s.meta[1] as meta_value, s.meta[2] as meta_key, s.by_phone, s.by_name, s.sid_entry,
        s.intent_amount, s.created_at, s.total, s.currency, s.paid_at as first_at, s.paid_at as transfer_at, s.phone, s.nm
      from single s
      union all
      select e.refs, e.pid, 'set', false, null, null, null, bool_or(e.via = 'phone'), bool_or(e.via = 'name'), min(e.sid_entry),
        min(e.intent_amount), min(e.created_at), min(e.total), min(e.currency), min(e.first_at), max(e.last_at), min(e.phone), min(e.nm)
      from set_evidence e group by e.refs, e.pid
    )
    select row_number() over () as cid, c.*, s.sorted, array_to_string(s.sorted, ' ') as transfer_key from c
    -- A single transfer is its own sorted set: only a set's references are sorted.
    cross join lateral (select case when cardinality(c.refs) = 1 then c.refs
                                    else (select array_agg(x order by x) from unnest(c.refs) x) end as sorted) s
    -- Not for an intent a decision paid, nor a pair an operator rejected.
    where ${full
      ? sql`not exists (select 1 from reconciliation_matches m where m.mode = ${mode} and m.payment_intent_id = c.pid
                      and (m.state = 'confirmed' or (m.state = 'rejected' and m.transfer_key = array_to_string(s.sorted, ' '))))
            ${paidBeside(sql`c.pid`)}`
      : // Two probes per candidate, each by its whole key (the confirmed one's unique index; the intent and transfer
        // key's), in one subquery (a UNION is never planned as a join: as two anti-joins, the rejected rows' was a hash
        // of every rejected row of the mode). As one probe by the intent with both tests a filter, it read every row of
        // the intent, whose suggestions a re-run finds there: a customer's 500 transfers of one amount against 500
        // intents of that amount (250,000 suggestions) read 125 million rows, 176 s of a re-run that changed nothing.
        sql`not exists (select 1 from reconciliation_matches m where m.mode = ${mode} and m.payment_intent_id = c.pid and m.state = 'confirmed'
                      union all
                      select 1 from reconciliation_matches m where m.mode = ${mode} and m.payment_intent_id = c.pid
                        and m.transfer_key = array_to_string(s.sorted, ' ') and m.state = 'rejected')`}`;
  if (full) await besideSafe("candidates (incl. rule 4 sets)", sql`create temp table rc_cand on commit drop as
    ${candidateStep}`);
  await analyze("rc_cand (cid, pid, transfer_key)");

  // Each candidate's score and its reasons' inputs (built as data on read by rc_reasons, worded by
  // lib/reconciliation/reasons-text.ts), only for the candidates whose inputs (their fingerprint) no suggestion holds
  // yet: a re-run over unchanged data builds none, and leaves every row as it was.
  const finalStep = sql`with counted as (
      -- How many candidates each candidate's transfers have (the most of any of them): "several candidates" when > 1.
      -- Partitioned under "C": the same groups (equality does not depend on the collation), sorted by bytes, not strcoll.
      select cid, max(n) as candidates from (select c.cid, count(*) over (partition by r collate "C") as n from rc_cand c cross join unnest(c.refs) r) x group by cid
    ), f as (
      -- date_part (a float), not extract (a numeric, a tenth of this statement): the same whole hours for any gap under
      -- centuries, down to the microsecond before an hour's end.
      select c.*, n.candidates, greatest(0, floor(date_part('epoch', c.first_at - c.created_at) / 3600))::int as hours,
        hash_record_extended(row(c.kind, c.by_id, c.id_value, c.meta_value, c.meta_key, c.by_phone, c.by_name, c.sid_entry,
          c.intent_amount, c.created_at, c.total, c.currency, c.first_at, c.transfer_at, c.phone, c.nm, n.candidates), ${FINGERPRINT_SEED}) as fingerprint
      -- A scoped pass's join of two CTEs: a FULL join, as set_evidence's (each candidate has its count, the filter below
      -- is the inner join's), so the guesses cannot make it a loop over the candidates per candidate.
      from rc_cand c ${full ? sql`join counted n on n.cid = c.cid` : sql`full join counted n on n.cid = c.cid offset 0`}
    )
    select f.transfer_key, cardinality(f.refs) as transfer_count, f.pid, f.total, f.currency, f.intent_amount, f.transfer_at, f.fingerprint,
      ${SCORED}
    from f where ${full ? sql`` : sql`f.cid is not null and f.candidates is not null and`} not exists (select 1 from reconciliation_matches m where m.mode = ${mode} and m.state = 'suggested'
      and m.payment_intent_id = f.pid and m.transfer_key = f.transfer_key and m.fingerprint = f.fingerprint)`;
  if (full) await besideSafe("reasons and scores", sql`create temp table rc_final on commit drop as
    ${finalStep}`);
  await analyze("rc_final (pid, transfer_key)");
  // A scoped pass revisits only the suggestions of its transfers (and of intents rule 1 just paid), found by key first:
  // a plan that started from the whole table, on statistics a burst of writes has left behind, took seconds.
  const revisit = sql`select mt.match_id as id from reconciliation_match_transfers mt join rc_scope s on mt.mode = ${mode} and mt.sinpe_ref_number = s.ref
          union all
          select m.id from reconciliation_matches m where m.mode = ${mode} and m.state = 'suggested'
            and m.payment_intent_id = any(${textArray([...linkedIntents, ...(scope?.intentIds ?? [])])})
          union all
          -- An intent in scope that is closed now (paid, canceled): none of its transfers is in rc_scope any more.
          select m.id from payment_intents pi join reconciliation_matches m on m.mode = pi.mode and m.payment_intent_id = pi.id and m.state = 'suggested'
          where pi.mode = ${mode} and pi.customer_id = any(${textArray(scope?.customerIds ?? [])})`;
  const withdraw = full
    ? sql`gone as (
      delete from reconciliation_matches m where m.mode = ${mode} and m.state = 'suggested'
        and not exists (select 1 from rc_cand c where c.pid = m.payment_intent_id and c.transfer_key = m.transfer_key)
        -- This half's: those whose (first) transfer's sender is in it, as the candidates'.
        ${half ? sql`and m.id in (select s.id from reconciliation_matches s left join reconciliation_transfer_keys k on k.mode = s.mode and k.sinpe_ref_number = split_part(s.transfer_key, ' ', 1)
          where s.mode = ${mode} and s.state = 'suggested' ${inHalf(sql`coalesce(k.sender_key, split_part(s.transfer_key, ' ', 1))`)})` : sql``}
      returning m.transfer_key, m.currency, m.transfer_at, m.amount),
    ${countedHere("gone_suggested", "suggested", sql`select currency, transfer_at, amount, -1 from gone`)},
    -- Back in Unmatched: an open transfer (rc_open: this pass's, this half's) all of whose suggestions went.
    ${countedHere(
      "gone_unmatched",
      "unmatched",
      sql`select o.currency, o.paid_at, o.amount, 1
        from (select r, count(*) as lost from (select unnest(string_to_array(transfer_key, ' ')) as r from gone) x group by r) g join rc_open o on o.ref = g.r
        where (select count(*) from reconciliation_match_transfers mt where mt.mode = ${mode} and mt.sinpe_ref_number = g.r and mt.state in ${LIVE}) = g.lost`,
    )}`
    : sql`stale as (
      -- The revisited suggestions no candidate holds, by a FULL join (see set_evidence): planned on the guesses as an
      -- anti-join, it scanned the candidates once per suggestion (8,496 of each: 36 million comparisons, 15 s).
      select j.id from (select m.id, c.cid from (select id, payment_intent_id, transfer_key from reconciliation_matches
          where mode = ${mode} and state = 'suggested' and id = any(array(select id from revisit)) offset 0) m
        full join rc_cand c on c.pid = m.payment_intent_id and c.transfer_key = m.transfer_key offset 0) j
      where j.id is not null and j.cid is null
    ), gone as (
      delete from reconciliation_matches m where m.mode = ${mode} and m.state = 'suggested' and m.id = any(array(select id from stale))
      returning 1)`;
  // The suggestions that changed are rewritten, the new ones inserted, the unchanged ones not touched (no row version,
  // no index entry, nothing for the queue counts' triggers). The new ones in (intent, transfers) order: the intent's
  // index takes them in its own order (each entry beside the last, not a descent to a random page), and their
  // transfers' rows follow in the order of their ids (at 100,000 transfers the write 490 -> 440 ms of CPU). Plain
  // inserts: no other writer adds suggestions while this pass holds the mode's lock (a decision only turns them into
  // decisions or withdraws them).
  const same = sql`m.mode = ${mode} and m.state = 'suggested' and m.payment_intent_id = f.pid and m.transfer_key = f.transfer_key`;
  const write = sql`changed as (
      -- A row a pass before drizzle/0044 wrote has its reasons as JSON: rewritten, it has them as inputs (reasons null).
      update reconciliation_matches m set rule = f.rule, amount = f.total, intent_amount = f.intent_amount, score = f.score, reasons = null,
        ${sql.raw(REASON_COLUMNS.map((c) => `${c} = f.${c}`).join(", "))}, transfer_at = f.transfer_at, fingerprint = f.fingerprint
      from rc_final f where ${same}
        and (m.rule, m.amount, m.intent_amount, m.score, m.reasons, ${sql.raw(REASON_COLUMNS.map((c) => `m.${c}`).join(", "))}, m.transfer_at, m.fingerprint)
          is distinct from (f.rule, f.total, f.intent_amount, f.score, null::jsonb, ${sql.raw(REASON_COLUMNS.map((c) => `f.${c}`).join(", "))}, f.transfer_at, f.fingerprint)
      returning m.id, m.currency, m.transfer_at, m.amount
    ), fresh as (
      insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, intent_amount, score, reasons,
        ${sql.raw(REASON_COLUMNS.join(", "))}, transfer_at, fingerprint)
      select ${mode}, 'suggested', f.rule, f.pid, f.transfer_key, f.transfer_count, f.total, f.currency, f.intent_amount, f.score, null,
        ${sql.raw(REASON_COLUMNS.map((c) => `f.${c}`).join(", "))}, f.transfer_at, f.fingerprint
      from rc_final f where not exists (select 1 from reconciliation_matches m where ${same}) order by f.pid, f.transfer_key
      returning id, payment_intent_id, transfer_key, currency, transfer_at, amount
    )`;
  let stats: { deleted: number; inserted: number; changed: number; suggestions: number };
  if (full) {
    const deleted = await hashJoined("withdraw stale suggestions", sql`with ${withdraw}
    select count(*)::int as n from gone`, { countsHere: true });
    // The rewritten suggestions' money and time before (the statement's snapshot) and after; the new ones; and the
    // transfers that leave Unmatched: in no suggestion before this statement. Those are the candidates' (rc_open's
    // transfers: none confirmed or accepted) that no candidate already written holds: the half's suggestions after the
    // withdrawal are its candidates, written already or new here (probing each new suggestion's transfers for a
    // suggestion instead cost ~3 µs each, 1.5 s of each half at 1,000,000 transfers).
    const inserted = await hashJoined("write suggestions", sql`with ${write}, members as (
      insert into reconciliation_match_transfers (match_id, mode, state, sinpe_ref_number)
      select fresh.id, ${mode}, 'suggested', r from fresh cross join unnest(string_to_array(fresh.transfer_key, ' ')) r
    ), ${countedHere(
      "changed_counted",
      "suggested",
      sql`select currency, transfer_at, amount, 1 from changed
        union all select m.currency, m.transfer_at, m.amount, -1 from reconciliation_matches m where m.id = any(array(select id from changed))`,
    )}, ${countedHere("fresh_counted", "suggested", sql`select currency, transfer_at, amount, 1 from fresh`)}, ${countedHere(
      "fresh_unmatched",
      "unmatched",
      sql`select o.currency, o.paid_at, o.amount, -1
        from (select distinct unnest(string_to_array(transfer_key, ' ')) as r from fresh) g join rc_open o on o.ref = g.r
        where not exists (select 1 from (select unnest(c.refs) as r from rc_cand c
                                          where not exists (select 1 from fresh f where f.payment_intent_id = c.pid and f.transfer_key = c.transfer_key)) written
                          where written.r = g.r)`,
    )}
    select (select count(*) from fresh)::int as n, (select count(*) from changed)::int as changed, (select count(*) from rc_cand)::int as total`, { countsHere: true });
    stats = { deleted: n(deleted), inserted: n(inserted), changed: n(inserted, "changed"), suggestions: n(inserted, "total") };
  } else {
    // Every step after rule 1 in one statement, each step's rows a CTE under its temp table's name. The withdrawn
    // suggestions and the written ones are different rows (not a candidate / a candidate). The new suggestions' transfers
    // are written by the next statement: the queue counts' triggers on them must see the withdrawn suggestions' transfers
    // gone, as they do after the full pass's two statements (in one statement they may run first, and count a transfer
    // that moved from one suggestion to another as leaving Unmatched).
    const rows = await heavy("rules 2–4, withdraw and write suggestions", sql`with rc_scope (ref) as (select jsonb_array_elements_text(${JSON.stringify(scopeList)}::jsonb)),
      rc_found as (${openStep}), rc_open as (select * from rc_found union all ${otherParts}),
      rc_runs as (${runsStep}), rc_aw as (${awaitingStep}), rc_pair as (${pairStep}), rc_cand as (${candidateStep}), rc_final as (${finalStep}),
      revisit as (${revisit}), ${withdraw}, ${write}
    select (select count(*) from gone)::int as deleted, (select count(*) from changed)::int as changed, (select count(*) from rc_cand)::int as total,
      (select coalesce(array_agg(id), '{}') from fresh) as fresh`);
    const row = (rows as unknown as { deleted: number; changed: number; total: number; fresh: string[] }[])[0];
    const fresh = row?.fresh ?? [];
    if (fresh.length > 0) {
      await exec(
        sql`insert into reconciliation_match_transfers (match_id, mode, state, sinpe_ref_number)
        select m.id, ${mode}, 'suggested', r from reconciliation_matches m cross join unnest(string_to_array(m.transfer_key, ' ')) r
        where m.id = any(array(select jsonb_array_elements_text(${JSON.stringify(fresh)}::jsonb)::bigint))`,
        "new suggestions' transfers",
      );
    }
    stats = { deleted: row?.deleted ?? 0, inserted: fresh.length, changed: row?.changed ?? 0, suggestions: row?.total ?? 0 };
    // In the caller's transaction, its own statements plan as they did before the pass.
    const seqscan = (started as unknown as { seqscan: string }[])[0]?.seqscan ?? "on";
    if (!options.ownTransaction) await exec(sql`select set_config('enable_seqscan', ${seqscan}, true)`);
  }
  if (helper) return { linked: 0, ...stats };
  // Rule 1's transaction and the other half's commit only once both are done (a failure in one rolls both back), one
  // right after the other, before this one.
  await Promise.all([beside?.ready(), otherHalf?.ready()]);
  const [linkedRows, other] = await Promise.all([beside?.commit(), otherHalf?.commit()]);
  const linkedCount = beside ? n(linkedRows) : n(linked);
  if (other) {
    stats = { deleted: stats.deleted + other.deleted, inserted: stats.inserted + other.inserted, changed: stats.changed + other.changed, suggestions: stats.suggestions + other.suggestions };
  }
  const wrote = Boolean(options.explain) || linkedCount + stats.deleted + stats.inserted + stats.changed > 0;
  if (full) {
    // A full pass is the bulk writer of these tables: fresh statistics keep the scoped passes' plans on their indexes.
    // A pass that wrote nothing changed no statistics.
    if (wrote) {
      // The tables' own statistics, at the server's sample size: the scoped passes and the queues plan on them.
      await exec(sql`reset default_statistics_target`);
      await exec(sql`analyze reconciliation_matches (mode, state, payment_intent_id, transfer_key, transfer_at), reconciliation_match_transfers`, "analyze matches");
    }
  }
  return { linked: linkedCount, suggestions: stats.suggestions, inserted: stats.inserted, deleted: stats.deleted };
}

/**
 * A full pass of its own does part of its work in other transactions of the pool, beside its own, on the machine's other
 * core, each under the pass's lock (begun after the pass took it, ended before the pass's transaction ends, which
 * waits for them whatever happens), each begun only if the pool has a connection for it within BESIDE_WAIT_MS (else
 * that work is done inline, with the same rows):
 * - Rule 1: its statement reads only the stored tables (the service's links and the decisions), and the other rules
 *   need none of its rows (see paidBeside). A first pass at 100,000 transfers, 30,000 of them linked: 1,790 → 1,630 ms;
 *   at 1,000,000, 18.3–19.3 → 16.2–17.1 s.
 * - Rules 2–4 split in two halves by the transfers' sender (halfOf): a transfer's candidates, rule 4's runs of one
 *   sender and the count of a transfer's candidates are all within its half, so each half computes, withdraws and
 *   writes the suggestions of its own transfers, and the two never touch the same row. The keys come first, in a
 *   transaction of their own that commits (the other half reads them).
 * Both commit only once both are done (a failure in either rolls both back), once the pass has written its
 * suggestions, before the pass's own transaction commits (commit), and roll back if the pass fails before (close).
 * Each counts what it writes (countedHere): what they commit is counted whether or not the pass then commits. A pass that
 * fails after that (its ANALYZE, its commit) leaves rule 1's confirmations and the other half's suggestions (what the
 * next pass would write) beside the suggestions this half did not withdraw or write; the rules' job is retried, and
 * the next pass finishes. A pass in EXPLAIN (the benchmark's plans) does everything inline.
 */
type Beside<T> = ReturnType<typeof besideTransaction<T>>;
/** What a half of a full pass wrote (the pass sums its halves). */
type PassStats = ReconcileStats & { changed: number };
type PassOptions = {
  explain?: (label: string, plan: string) => void;
  trace?: (label: string, ms: number) => void;
  ownTransaction?: boolean;
  /** Rule 1's transaction beside the pass's. */
  beside?: Beside<unknown[]>;
  /** The other half's transaction beside the pass's, and the pool the keys' transaction comes from. */
  otherHalf?: Beside<PassStats>;
  pool?: Database;
  /** Set for the other half's own run: which half of the open transfers (by sender) it takes. */
  half?: { index: number; of: number };
};
/** The pass's own settings in a transaction beside it: no JIT, its work_mem, no wait for the WAL flush, no parallel workers (see runReconciliation). */
const BESIDE_SETTINGS = sql`set_config('jit', 'off', true), set_config('work_mem', '128MB', true), set_config('synchronous_commit', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`;
/** How long a half of a split full pass waits for a row lock before it errs (see runReconciliation). */
const HALF_LOCK_TIMEOUT = "30s";
/** How long a full pass waits for a transaction beside its own to begin before it does that work inline. */
const BESIDE_WAIT_MS = 250;
function besideTransaction<T>(pool: Database) {
  let decide: (commit: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  let running: Promise<T> | undefined;
  let finished: (outcome: { error: unknown } | null) => void = () => {};
  const workDone = new Promise<{ error: unknown } | null>((resolve) => (finished = resolve));
  return {
    /**
     * Begins the transaction and runs the work there; false (and the work is the pass's to do inline) when the pool
     * has no connection for it within BESIDE_WAIT_MS. A pool transaction, not a reserved connection: postgres.js's
     * end() waits for a reserved connection and, released after, never closes it (a worker's pool ended mid-pass hung),
     * where a transaction's connection closes once it commits or rolls back. Not queued for longer: the pass holds the
     * mode's lock, and the pool's other connections may be held by decisions waiting for it.
     */
    async start(work: (tx: Transaction) => Promise<T>): Promise<boolean> {
      let begun: (began: boolean) => void = () => {};
      const beginning = new Promise<boolean>((resolve) => (begun = resolve));
      let late = false;
      const timer = setTimeout(() => ((late = true), begun(false)), BESIDE_WAIT_MS);
      const transaction = pool.transaction(async (tx) => {
        if (late) return undefined as T; // begun after the pass gave up on it: nothing to do
        clearTimeout(timer);
        begun(true);
        let result: T;
        try {
          result = await work(tx);
        } catch (error) {
          finished({ error });
          throw error;
        }
        finished(null);
        if (!(await decided)) tx.rollback();
        return result;
      });
      // Awaited by commit or close; a failure is reported there, not as an unhandled rejection meanwhile.
      transaction.catch(() => {});
      const began = await beginning;
      // Given up on, it is not waited for: a pool that ends never begins it.
      if (began) running = transaction;
      return began;
    },
    /** Resolves once the work is done, not committed yet; throws its error. */
    async ready(): Promise<void> {
      const outcome = running ? await workDone : null;
      if (outcome) throw outcome.error;
    },
    /** Commits once the work is done; its answer, or its error. */
    async commit(): Promise<T | undefined> {
      decide(true);
      return running ? await running : undefined;
    },
    /** Rolls back what is not committed yet and waits for the transaction to end. */
    async close() {
      decide(false);
      await running?.catch(() => {});
    },
  };
}

/** The stored tables a full pass reads (besides the suggestions and decisions, which it analyses after writing them). */
const READ_TABLES = ["mobile_transfers", "payment_intents", "customers"];
/** The rules' key tables, which a full pass's keys step fills (refreshKeys). */
const KEY_TABLES = ["reconciliation_transfer_keys", "reconciliation_intent_keys", "reconciliation_intent_search", "reconciliation_customer_search"];

/**
 * ANALYZEs those of `tables` that hold rows their statistics know nothing of: never analysed (or analysed empty) and
 * not empty now, or more than twice as large (in pages) as when last analysed. A bulk load leaves a table so, until
 * autovacuum's next round: a first sync's backfill, the keys a first full pass writes, a test's or a bench's rows. With
 * no statistics the planner guesses every column's selectivity, and a full pass's joins on them became loops: a first
 * pass over 3,400 transfers took 4.6 s, 0.6 s with this (its evidence pairs 3.9 s of it, against key rows written a
 * moment before), and the scoped passes after it 2.9–8.2 s, 34–63 ms with this. Read from pg_class and the relation's
 * size (not the statistics collector's counters, which reach other sessions up to a second late), so a table loaded
 * just before is seen. At the server's sample size: the scoped passes, the queues and the searches plan on these too.
 */
async function analyzeUnread(db: Db, tables: readonly string[], trace?: (label: string, ms: number) => void): Promise<void> {
  const started = performance.now();
  const [row] = (await db.execute(sql`select string_agg(format('%I', c.relname), ', ' order by c.relname) as stale from pg_class c
    where c.oid = any(array(select to_regclass(t) from unnest(${textArray(tables)}) t)) and pg_relation_size(c.oid) > 0
      and (c.reltuples <= 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * c.relpages + 16)`)) as unknown as { stale: string | null }[];
  if (!row?.stale) return;
  const [was] = (await db.execute(sql`select current_setting('default_statistics_target') as was`)) as unknown as { was: string }[];
  await db.execute(sql`set local default_statistics_target to default`);
  await db.execute(sql.raw(`analyze ${row.stale}`));
  await db.execute(sql`select set_config('default_statistics_target', ${was!.was}, true)`);
  trace?.(`analyze ${row.stale} (no statistics)`, performance.now() - started);
}

/**
 * Recounts the mode's queue counts from the tables, under the mode's lock (two recounts at once would each insert the
 * whole count): what a race between writers left in the counts is healed (a sync closing a transfer while a pass
 * suggests it: each statement's trigger reads the other's row as it was). Run after each full pass (the rules' job,
 * `npm run sync`), in a transaction of its own or the caller's.
 */
export async function recountQueueCounts(db: Db, mode: Mode): Promise<void> {
  const run = async (tx: Db) => {
    await tx.execute(sql`select ${reconcileLock(mode)}, set_config('jit', 'off', true), set_config('work_mem', '128MB', true)`);
    await tx.execute(recountQueues(mode));
  };
  await ("rollback" in db ? run(db) : (db as Database).transaction(run));
}

/**
 * The mode's queue counts (reconciliation_queue_counts) recounted from the tables as this statement sees them, the
 * log rows it sees replaced by one row per key (hours older than a week folded into one: foldedHour) (a writer
 * appending meanwhile keeps its rows: its change is not in what was counted either).
 */
const recountQueues = (mode: Mode) => sql`with gone as (delete from reconciliation_queue_counts where mode = ${mode}), counted as (
  insert into reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
  select x.mode, x.queue, x.currency, ${foldedHour(sql`x.at`)}, sum(x.n), sum(x.amount)
  -- Counted per UTC hour first (date_trunc: the hour's start, whose epoch hour is the rows'), then folded: the epoch
  -- hour's numeric arithmetic on a few thousand hours, not on every row (half of this statement at 100,000 rows).
  from (
    select mode, state::text as queue, currency, date_trunc('hour', transfer_at, 'UTC') as at, count(*) as n, sum(amount) as amount
    from reconciliation_matches where mode = ${mode} and state in ${LIVE} group by 1, 2, 3, 4
    union all
    -- The open transfers once, each with whether a live decision or suggestion holds it (not 'unmatched') and whether a
    -- decision settled it (not 'unreconciled', the Overview's figure, drizzle/0038): two queues from one scan.
    select o.mode, q.queue, o.currency, o.at, q.n, q.amount
    from (select t.mode, t.currency, date_trunc('hour', t.paid_at, 'UTC') as at,
            count(*) filter (where mt.ref is null) as unmatched, sum(t.amount) filter (where mt.ref is null) as unmatched_amount,
            count(*) filter (where mt.settled is not true) as unreconciled, sum(t.amount) filter (where mt.settled is not true) as unreconciled_amount
          from mobile_transfers t
            left join (select sinpe_ref_number as ref, bool_or(state in ('confirmed', 'accepted_unmatched')) as settled from reconciliation_match_transfers
                       where mode = ${mode} and state in ${LIVE} group by 1) mt on mt.ref = t.sinpe_ref_number
          where t.mode = ${mode} and ${OPEN_TRANSFER}
          group by 1, 2, 3) o
      cross join lateral (values ('unmatched', o.unmatched, o.unmatched_amount), ('unreconciled', o.unreconciled, o.unreconciled_amount)) q (queue, n, amount)
    where q.n > 0) x cross join ${foldLine}
  group by 1, 2, 3, 4)
  select 1`;

/** The references a scoped pass (re)considers: its transfers, and the open transfers some rule could pair with its intents. */
function scopeRefs(mode: Mode, scope: ReconcileScope): SQL {
  const parts: SQL[] = [];
  if (scope.intentIds?.length || scope.customerIds?.length) {
    // Every open transfer that some rule could pair with these intents: a description naming them (rule 2), or, for an
    // intent awaiting money, one its customer may have sent (the sender's phone, name or id is the customer's, as rules
    // 3 and 4 require) in the same currency, for no more than its amount, within the windows of rules 3 and 4. Found
    // through the key tables' indexes: by amount or time alone, one intent's candidates were thousands of transfers.
    parts.push(sql`(with pi as (
        select pi.* from payment_intents pi where pi.mode = ${mode} and pi.id = any(${textArray(scope.intentIds ?? [])}) and ${NOT_CLOSED}
        union
        select pi.* from payment_intents pi where pi.mode = ${mode} and pi.customer_id = any(${textArray(scope.customerIds ?? [])}) and ${AWAITING}
      ), aw as (
        select pi.id, pi.currency, pi.amount, pi.created_at, c.phone_key, c.name_key, ik.metadata_sender_ids
        from pi left join customers c on c.mode = pi.mode and c.id = pi.customer_id
          left join reconciliation_intent_keys ik on ik.mode = pi.mode and ik.id = pi.id
        where ${AWAITING}
      ), keyed (key, currency, amount, created_at) as (
        -- Each awaiting intent under each of its customer's sender keys.
        select 'phone:' || phone_key, currency, amount, created_at from aw where phone_key is not null
        union all
        select 'name:' || name_key, currency, amount, created_at from aw where name_key is not null
        union all
        select 'id:' || split_part(e, '|', 1), currency, amount, created_at from aw cross join unnest(aw.metadata_sender_ids) e
      ), sent (key, ref) as (
        -- The senders' transfers, each once (by the key tables' indexes), then a semi-join to the intents on the
        -- sender's key and currency (a hash): one row per (intent, transfer) of a sender, probing the transfers for
        -- each, was quadratic in a busy customer's history (10,000 awaiting intents and 10,000 transfers from their
        -- phone: 100 million probes, 170 s).
        select 'phone:' || k.sender_phone, k.sinpe_ref_number from reconciliation_transfer_keys k
        where k.mode = ${mode} and k.sender_phone = any(array(select distinct phone_key from aw where phone_key is not null))
        union all
        select 'name:' || k.sender_name, k.sinpe_ref_number from reconciliation_transfer_keys k
        where k.mode = ${mode} and k.sender_name = any(array(select distinct name_key from aw where name_key is not null))
        union all
        select 'id:' || k.sender_id, k.sinpe_ref_number from reconciliation_transfer_keys k
        where k.mode = ${mode} and k.sender_id = any(array(select distinct split_part(e, '|', 1) from aw cross join unnest(aw.metadata_sender_ids) e))
      )
      select t.sinpe_ref_number from sent s join mobile_transfers t on t.mode = ${mode} and t.sinpe_ref_number = s.ref and ${OPEN_TRANSFER}
      where exists (select 1 from keyed a where a.key = s.key and a.currency = t.currency
        and t.amount <= a.amount and t.paid_at between a.created_at - ${SKEW} and a.created_at + ${WINDOW} * 2)
      union
      -- Rule 2: the transfers whose words name any of these intents, in one probe of the words' index with every
      -- intent's reference values: joined per intent, each intent's probe was planned as a scan of every transfer key
      -- of the mode (2,000 intents of a sync page against 25,000 keys: 50 million tests, 5 s).
      select k.sinpe_ref_number from reconciliation_transfer_keys k
      where k.mode = ${mode} and k.tokens && array(select distinct v from pi join reconciliation_intent_keys ik on ik.mode = pi.mode and ik.id = pi.id
        cross join unnest(ik.reference_values) v))`);
  }
  if (scope.refs?.length) {
    parts.push(sql`(select t.sinpe_ref_number from mobile_transfers t where t.mode = ${mode} and t.sinpe_ref_number = any(${textArray(scope.refs)}))`);
  }
  return parts.length > 0 ? sql.join(parts, sql` union `) : sql`select null::text where false`;
}

/** Writes the keys a full pass would find missing (bench:reconcile: what the scoped passes after each write did). */
export async function fillMissingReconciliationKeys(db: Database, mode: Mode): Promise<{ transfers: number; intents: number }> {
  return db.transaction(async (tx) => {
    let counts: { transfers: number; intents: number }[] = [];
    for (const statement of refreshKeys(mode, null)) counts = await tx.execute<{ transfers: number; intents: number }>(statement);
    await tx.execute(sql`analyze reconciliation_transfer_keys, reconciliation_intent_keys, reconciliation_intent_search, reconciliation_customer_search`);
    return counts[0]!;
  });
}

/**
 * The keys the rules compare, as the 0009 functions compute them: a scoped pass recomputes those of its transfers and
 * intents (their writer changed them, or they are new), a full pass adds the ones missing (rows nothing queued a
 * pass for). Only rows a rule can still use: open transfers, intents not closed. A full pass first collects what is
 * missing, then inserts it: one statement that both reads and fills a key table was planned on the statistics of an
 * empty table and re-scanned the growing table for each row (30 s at 100k).
 */
const TRANSFER_KEY_COLUMNS = sql.raw("mode, sinpe_ref_number, sender_id, sender_name, sender_phone, sender_key, tokens, sender_text");
const INTENT_KEY_COLUMNS = sql.raw("mode, id, reference_values, metadata_sender_ids");
const INTENT_SEARCH_COLUMNS = sql.raw("mode, id, amount, description, reference_values");
const CUSTOMER_SEARCH_COLUMNS = sql.raw("mode, id, name_key, email, phone_key");

function refreshKeys(mode: Mode, scope: ReconcileScope | null): SQL[] {
  const transferKeys = (where: SQL) => sql`select t.mode, t.sinpe_ref_number, x.sid as sender_id, x.nm as sender_name, t.sender_phone,
      coalesce('id:' || x.sid, 'phone:' || t.sender_phone, 'name:' || x.nm) as sender_key, rc_description_tokens(t.description) as tokens,
      rc_sender_text(x.nm, t.origin_phone, t.origin_id) as sender_text
    from mobile_transfers t cross join lateral (select rc_sender_id(t.origin_id) as sid, rc_name(t.origin_name) as nm) x
    where t.mode = ${mode} and ${OPEN_TRANSFER} and ${where}`;
  const intentKeys = (where: SQL) => sql`select pi.mode, pi.id, rc_reference_values(pi.id, pi.metadata) as reference_values,
      rc_metadata_sender_ids(pi.metadata) as metadata_sender_ids
    from payment_intents pi where pi.mode = ${mode} and ${NOT_CLOSED} and ${where}`;
  // Match by hand's rows (reconciliation_intent_search): every intent not canceled; its reference values only when it
  // has no key row, as the search reads a key row's values first: not for an intent not closed (this pass writes its
  // key row, in the same statement or the one before), nor for one that has a key row already.
  const intentSearch = (where: SQL) => sql`select pi.mode, pi.id, pi.amount, pi.description,
      case when ${NOT_CLOSED} or exists (select 1 from reconciliation_intent_keys k where k.mode = pi.mode and k.id = pi.id) then '{}'
           else rc_reference_values(pi.id, pi.metadata) end as reference_values
    from payment_intents pi where pi.mode = ${mode} and pi.status <> 'canceled' and ${where}`;
  const customerSearch = (where: SQL) => sql`select c.mode, c.id, c.name_key, c.email, c.phone_key from customers c where c.mode = ${mode} and ${where}`;
  // Each table the pass fills, with its rows and the test that a row is missing, and the figure its count is named by.
  const tables = [
    { table: "reconciliation_transfer_keys", figure: "transfers", columns: TRANSFER_KEY_COLUMNS, rows: transferKeys,
      missing: sql`not exists (select 1 from reconciliation_transfer_keys k where k.mode = t.mode and k.sinpe_ref_number = t.sinpe_ref_number)` },
    { table: "reconciliation_intent_keys", figure: "intents", columns: INTENT_KEY_COLUMNS, rows: intentKeys,
      missing: sql`not exists (select 1 from reconciliation_intent_keys k where k.mode = pi.mode and k.id = pi.id)` },
    { table: "reconciliation_intent_search", figure: "searched", columns: INTENT_SEARCH_COLUMNS, rows: intentSearch,
      missing: sql`not exists (select 1 from reconciliation_intent_search s where s.mode = pi.mode and s.id = pi.id)` },
    { table: "reconciliation_customer_search", figure: "customers", columns: CUSTOMER_SEARCH_COLUMNS, rows: customerSearch,
      missing: sql`not exists (select 1 from reconciliation_customer_search s where s.mode = c.mode and s.id = c.id)` },
  ];
  // Each write is a CTE named w_<figure>; the statement answers their counts.
  const counts = sql.join(tables.map(({ figure }) => sql.raw(`(select count(*) from w_${figure})::int as ${figure}`)), sql`, `);
  if (scope === null) {
    const scratch = (table: string) => sql.raw(table.replace("reconciliation_", "rc_new_"));
    return [
      ...tables.map(({ table, rows, missing }) => sql`create temp table ${scratch(table)} on commit drop as ${rows(missing)}`),
      sql`with ${sql.join(
        tables.map(({ table, figure, columns }) => sql`${sql.raw(`w_${figure}`)} as (insert into ${sql.raw(table)} (${columns}) select * from ${scratch(table)} on conflict do nothing returning 1)`),
        sql`, `,
      )}
        select ${counts}`,
    ];
  }
  return [
    sql`with w_transfers as (
      insert into reconciliation_transfer_keys (${TRANSFER_KEY_COLUMNS}) ${transferKeys(sql`t.sinpe_ref_number = any(${textArray(scope.refs ?? [])})`)}
      on conflict (mode, sinpe_ref_number) do update set sender_id = excluded.sender_id, sender_name = excluded.sender_name,
        sender_phone = excluded.sender_phone, sender_key = excluded.sender_key, tokens = excluded.tokens, sender_text = excluded.sender_text
      returning 1
    ), w_intents as (
      insert into reconciliation_intent_keys (${INTENT_KEY_COLUMNS}) ${intentKeys(
        sql`(pi.id = any(${textArray(scope.intentIds ?? [])}) or pi.customer_id = any(${textArray(scope.customerIds ?? [])}))`,
      )}
      on conflict (mode, id) do update set reference_values = excluded.reference_values, metadata_sender_ids = excluded.metadata_sender_ids
      returning 1
    ), w_searched as (
      -- The intents a writer changed (a new amount, description or order number), whatever their status.
      insert into reconciliation_intent_search (${INTENT_SEARCH_COLUMNS}) ${intentSearch(sql`pi.id = any(${textArray(scope.intentIds ?? [])})`)}
      on conflict (mode, id) do update set amount = excluded.amount, description = excluded.description, reference_values = excluded.reference_values
      returning 1
    ), w_customers as (
      -- The customers a sync wrote (a new name, e-mail or phone).
      insert into reconciliation_customer_search (${CUSTOMER_SEARCH_COLUMNS}) ${customerSearch(sql`c.id = any(${textArray(scope.customerIds ?? [])})`)}
      on conflict (mode, id) do update set name_key = excluded.name_key, email = excluded.email, phone_key = excluded.phone_key
      returning 1
    )
    select ${counts}`,
  ];
}
