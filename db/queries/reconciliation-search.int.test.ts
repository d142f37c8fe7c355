import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { parseMajorAmount } from "@/lib/format/parse-money";
import { AWAITING_INTENT_STATUSES } from "@/lib/reconciliation/reasons";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import { freshTestDatabase } from "@/scripts/test/database";
import { runReconciliation } from "./reconciliation";
import { AWAITING_WALK_ROWS, COMMON_TEXT_ROWS, findIntentsToMatch, listQueue, SENDER_CANDIDATES, type QueueCursor } from "./reconciliation-queues";

// Reconciliation's two operator searches against the queries they replaced (issue 13): match by hand
// (findIntentsToMatch) and the queues' sender filter (listQueue). The old statements are copied here as they were,
// reading payment_intents, customers and mobile_transfers row by row; the searches now read what they look in from
// indexes (drizzle/0039) and must return exactly the same rows in the same order, over a varied data set written the
// way the app writes it: a full pass, then writers changing rows and queuing the passes they queue.

const test = freshTestDatabase();
const db = () => test.db as Db;
const MODE = "test" as const;
/** The amount the transfer page reads from the text, in the transfer's currency (app/(dashboard)/reconciliation/list.ts's amountFilter). */
function amountFilter(text: string, currency?: string): number | null {
  const parsed = parseMajorAmount(text, currency ?? "CRC");
  return parsed.ok ? parsed.minor : null;
}
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** findIntentsToMatch before drizzle/0039, verbatim. */
async function findIntentsBefore({ query, amount, currency, limit = 20 }: { query?: string; amount?: number | null; currency?: string; limit?: number }) {
  const text = query?.trim() ?? "";
  if (!text && amount == null) return [];
  const digits = text.replace(/\D/g, "");
  const like = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const conditions = [
    ...(text
      ? [sql`(i.id = ${text} or ${text} = any(coalesce(k.reference_values, rc_reference_values(i.id, i.metadata))) or c.name_key like '%' || rc_name(${text}) || '%' or c.email ilike ${`%${like}%`}
          ${text.length >= 3 ? sql`or i.description ilike ${`%${like}%`}` : sql``}
          ${digits.length >= 4 ? sql`or c.phone_key like ${`%${digits}`}` : sql``})`]
      : []),
    ...(amount != null ? [sql`i.amount = ${amount}`] : []),
  ];
  const byText = sql`(${sql.join(conditions, sql` or `)})`;
  const rows = await db().execute<Record<string, unknown>>(sql`
    select i.id, i.status, i.amount::float8 as amount, i.currency, i.created_at as "createdAt", i.description, i.customer_id as "customerId",
      c.name as "customerName", i.metadata
    from payment_intents i left join customers c on c.mode = i.mode and c.id = i.customer_id
      left join reconciliation_intent_keys k on k.mode = i.mode and k.id = i.id
    where i.mode = ${MODE} and i.status <> 'canceled' and ${byText}
      ${currency ? sql`and i.currency = ${currency}` : sql``}
      and not exists (select 1 from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'confirmed')
    order by (i.status in (${list(AWAITING_INTENT_STATUSES)})) desc, i.created_at desc nulls last
    limit ${Math.max(1, Math.min(50, limit))}`);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt ? new Date(r.createdAt as string) : null }));
}

/**
 * findIntentsToMatch as drizzle/0039–0042 left it (the rows the condition is tried on found through the search tables),
 * verbatim: what the search found of an intent no pass has read yet, which findIntentsBefore does not say.
 */
async function findIntentsAt0042({ query, amount, currency, limit = 20 }: { query?: string; amount?: number | null; currency?: string; limit?: number }) {
  const mode = MODE;
  const text = query?.trim() ?? "";
  if (!text && amount == null) return [];
  const digits = text.replace(/\D/g, "");
  // The escaped text for LIKE: a % or _ typed is itself.
  const like = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  // A number may be an amount or an order number: either matches. An order number is found in the metadata's values
  // (the rules' reference values) and, as the operator reads it on the payment ("Pedido 90929", "ORD-642263"), in its
  // description: 3 characters or more, so a short number does not list every payment.
  // The intent's own reference values last: computed for an intent no pass has read, the dearest test, which the
  // others (evaluated first) mostly spare.
  const conditions = [
    ...(amount != null ? [sql`i.amount = ${amount}`] : []),
    ...(text
      ? [sql`(c.name_key like '%' || rc_name(${text}) || '%' or c.email ilike ${`%${like}%`}
          ${text.length >= 3 ? sql`or i.description ilike ${`%${like}%`}` : sql``}
          ${digits.length >= 4 ? sql`or c.phone_key like ${`%${digits}`}` : sql``}
          or i.id = ${text} or ${text} = any(coalesce(k.reference_values, rc_reference_values(i.id, i.metadata))))`]
      : []),
  ];
  const byText = sql`(${sql.join(conditions, sql` or `)})`;
  // The intents the condition can hold for, each through an index (a superset: the condition above decides).
  const sources = [
    ...(text
      ? [
          sql`select ${text}::text as id`,
          sql`select k.id from reconciliation_intent_keys k where k.mode = ${mode} and k.reference_values @> array[${text}::text]`,
          sql`select s.id from reconciliation_intent_search s where s.mode = ${mode} and s.reference_values <> '{}' and s.reference_values @> array[${text}::text]`,
          ...(text.length >= 3 ? [sql`select s.id from reconciliation_intent_search s where s.mode = ${mode} and s.description is not null and s.description ilike ${`%${like}%`}`] : []),
          sql`select ci.id from reconciliation_customer_search cs join payment_intents ci on ci.mode = cs.mode and ci.customer_id = cs.id
            where cs.mode = ${mode} and (cs.name_key like '%' || rc_name(${text}) || '%' or cs.email ilike ${`%${like}%`}
              ${digits.length >= 4 ? sql`or cs.phone_key like ${`%${digits}`}` : sql``})`,
        ]
      : []),
    ...(amount != null
      ? [
          sql`select s.id from reconciliation_intent_search s where s.mode = ${mode} and s.amount = ${amount}`,
          // An intent awaiting money that no pass has read yet (a webhook wrote it): payment_intents_awaiting_idx.
          ...(currency
            ? [sql`select a.id from payment_intents a where a.mode = ${mode} and a.currency = ${currency} and a.amount = ${amount}
                and a.status in (${list(AWAITING_INTENT_STATUSES)})`]
            : []),
        ]
      : []),
  ];
  // The condition is tried on the rows found, and only on them: read by their primary key (`= any(array(…))`; joined
  // to the union, the planner read every intent, and at 1M either tried the condition on each before the join,
  // computing 700,000 intents' reference values in 4 s, or hash-joined the 3,500 found by an amount to a scan of them all).
  const rows = await db().execute<Record<string, unknown>>(sql`
    select i.id, i.status, i.amount::float8 as amount, i.currency, i.created_at as "createdAt", i.description, i.customer_id as "customerId",
      c.name as "customerName", i.metadata
    from payment_intents i
      left join customers c on c.mode = i.mode and c.id = i.customer_id
      -- The order numbers and ids an intent answers to: the rules' key row, or computed when no pass has read it yet.
      left join reconciliation_intent_keys k on k.mode = i.mode and k.id = i.id
    where i.mode = ${mode} and i.id = any(array(${sql.join(sources, sql` union `)})) and i.status <> 'canceled' and ${byText}
      ${currency ? sql`and i.currency = ${currency}` : sql``}
      and not exists (select 1 from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'confirmed')
    order by (i.status in (${list(AWAITING_INTENT_STATUSES)})) desc, i.created_at desc nulls last, i.id
    limit ${Math.max(1, Math.min(50, limit))}`);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt ? new Date(r.createdAt as string) : null }));
}

/** The sender filter's condition on a transfer `t` before drizzle/0039, verbatim. */
function senderBefore(sender: string): SQL {
  const text = sender.trim();
  const digits = text.replace(/\D/g, "");
  const byDigits = digits.length >= 3
    ? sql` or regexp_replace(coalesce(t.origin_phone, ''), '\\D', '', 'g') like ${`%${digits}%`} or regexp_replace(coalesce(t.origin_id, ''), '\\D', '', 'g') like ${`%${digits}%`}`
    : sql``;
  return sql`(rc_name(t.origin_name) like '%' || rc_name(${text}) || '%'${byDigits})`;
}
const OPEN = sql.raw(`t.status in (${UNRECONCILED_TRANSFER_STATUSES.map((s) => `'${s}'`).join(", ")}) and t.payment_intent_id is null`);

/** A queue page's rows (the transfer's reference in Unmatched, the match's id elsewhere) and cursor, as listQueue read them before. */
async function queuePageBefore(queue: "unmatched" | "suggested", sender: string, take: number, cursor?: QueueCursor) {
  const rows =
    queue === "unmatched"
      ? await db().execute<{ key: string; at: string }>(sql`
        select t.sinpe_ref_number as key, t.paid_at as at from mobile_transfers t
        where t.mode = ${MODE} and ${OPEN} and ${senderBefore(sender)}
          ${cursor ? sql`and (t.paid_at, t.sinpe_ref_number) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
          and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                          and mt.state in ('suggested', 'confirmed', 'accepted_unmatched'))
        order by t.paid_at desc nulls last, t.sinpe_ref_number desc nulls last limit ${take + 1}`)
      : await db().execute<{ key: string; at: string }>(sql`
        select m.id::text as key, m.transfer_at as at from reconciliation_matches m
        where m.mode = ${MODE} and m.state = 'suggested'
          and exists (select 1 from reconciliation_match_transfers mt join mobile_transfers t on t.mode = mt.mode and t.sinpe_ref_number = mt.sinpe_ref_number
                      where mt.match_id = m.id and ${senderBefore(sender)})
          ${cursor ? sql`and (m.transfer_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : sql``}
        order by m.transfer_at desc nulls last, m.id desc nulls last limit ${take + 1}`);
  const last = rows.length > take ? rows[take - 1]! : null;
  return { keys: rows.slice(0, take).map((r) => r.key), next: last ? { at: new Date(last.at).toISOString(), id: last.key } : null };
}

const T = "2026-11-18T15:00:00Z";
const STATUSES = ["processing", "requires_payment_method", "requires_confirmation", "requires_action", "succeeded", "refunded", "canceled", "requires_capture"];

/** Customers with names in accents and case, e-mails and phones in several writings (some missing). */
async function addCustomers() {
  await db().execute(sql`insert into customers (mode, id, name, phone, email, amount_spent, transactions_count, created_at)
    select 'test', 'cus_' || c,
      case when c % 10 = 9 then null
           else (array['María José Rodríguez', 'JOSÉ PÉREZ MORA', 'ana mora', 'Sofía Núñez', 'Andrés Jiménez', 'Luis Vargas', 'Ñandú Cañas', 'maria jose rodriguez', 'Ana  María Mora-Pérez'])[1 + c % 9]
                || case when c % 2 = 0 then ' ' || c else '' end end,
      case c % 5 when 0 then '+506 8812 ' || lpad(c::text, 4, '0') when 1 then '8812-' || lpad(c::text, 4, '0')
                 when 2 then '00506 88' || lpad(c::text, 6, '0') when 3 then '+1 (555) 01' || lpad(c::text, 2, '0') else null end,
      case when c % 11 = 0 then null when c % 3 = 0 then 'Maria.Rodriguez' || c || '@Correo.com' else 'c' || c || '@example.cr' end,
      0, 0, ${T}::timestamptz - interval '400 days'
    from generate_series(0, 59) c`);
}

/** Intents g in [from, to]: every status, repeated amounts in two currencies, ids in upper case, order numbers and descriptions of several kinds. */
async function addIntents(from: number, to: number) {
  await db().execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, description, metadata, created_at, last_event_at)
    select 'test', case when g % 23 = 0 then 'pi_UP' || g else 'pi_' || g end, s.status, case when s.status in ('succeeded', 'canceled', 'refunded') then 10 else 1 end,
      case when g % 97 = 0 then null else (array[1500000, 2500000, 1500050, 990000, 10000])[1 + g % 5] end,
      case when g % 6 = 0 then 'USD' else 'CRC' end,
      case when g % 13 = 0 then null when g % 29 = 0 then 'cus_missing' else 'cus_' || g % 60 end,
      case g % 7 when 0 then null when 1 then 'Pedido ' || (90000 + g) when 2 then 'ORD-' || (640000 + g) || ' tienda'
                 when 3 then '50% adelanto pedido ' || g when 4 then 'Depósito café ' || g when 5 then 'pago_' || g else 'Suscripción' end,
      case g % 6 when 0 then jsonb_build_object('orderId', (100000 + g)::text, 'canal', 'web') when 1 then jsonb_build_object('pedido', 'ORD-' || (55000 + g))
                 when 2 then jsonb_build_object('ref', ' Ab-' || g || 'X ') when 3 then '{}'::jsonb when 4 then null
                 else jsonb_build_object('cedula', '1-1234-5678', 'nota', 'sin') end,
      -- One intent without a creation time; the others each their own minute (the order ties nothing).
      case when g = 240 then null else ${T}::timestamptz - g * interval '1 minute' end, ${T}::timestamptz
    from generate_series(${from}::int, ${to}::int) g cross join lateral (select (${sql.raw(`array[${STATUSES.map((s) => `'${s}'`).join(", ")}]`)})[1 + g % 8] as status) s`);
}

/** Transfers: some linked by the service (rule 1 confirms them: those intents leave the search), senders in several writings. */
async function addTransfers(count: number, from = 1) {
  await db().execute(sql`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, origin_id, origin_name, origin_phone, description, authorization_date, status, payment_intent_id, source)
    select 'test', lpad(g::text, 25, '0'), (array[1500000, 2500000, 1500050, 990000, 10000])[1 + g % 5], case when g % 6 = 0 then 'USD' else 'CRC' end,
      case g % 4 when 0 then '1-1234-' || lpad(g::text, 4, '0') when 1 then '9' || lpad(g::text, 11, '0') when 2 then 'A-' || g else null end,
      case when g % 9 = 8 then null
           else (array['María José Rodríguez', 'JOSÉ PÉREZ', 'Persona ' || g, 'Sofía Núñez', 'persona desconocida', 'Ñandú Cañas', 'Cliente ' || g, 'ANA MORA'])[1 + g % 8] end,
      case g % 5 when 0 then '+506 8812 ' || lpad((g % 60)::text, 4, '0') when 1 then '8812-' || lpad((g % 60)::text, 4, '0')
                 when 2 then '00506 7' || lpad(g::text, 7, '0') when 3 then null else '7000 ' || lpad(g::text, 4, '0') end,
      case when g % 3 = 0 then 'Pago pedido ' || (100000 + g) else 'SINPE ' || g end,
      ${T}::timestamptz - g * interval '3 minutes' + interval '2 hours',
      case when g % 50 = 0 then 'canceled' else 'received' end,
      case when g % 31 = 0 then case when g % 23 = 0 then 'pi_UP' || g else 'pi_' || g end end, 'webhook'
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

// Over 3,000 transfers: a common sender's text matches more key rows than SENDER_CANDIDATES, so the queue is walked;
// a rare one is read from the index.
beforeAll(async () => {
  await addCustomers();
  await addIntents(1, 400);
  await addTransfers(3400);
  await runReconciliation(db(), MODE);
  // A webhook closes intents after the pass and changes an order number: no pass reads them (the key rows keep the
  // values the search has always used for them).
  await db().execute(sql`update payment_intents set status = 'succeeded', status_rank = 10, metadata = jsonb_build_object('orderId', '777' || id)
    where mode = 'test' and substring(id from '[0-9]+')::int % 37 = 0 and status not in ('succeeded', 'refunded', 'canceled')`);
  // The sync rewrites intents (amount, description, order number, status) and queues a pass for them.
  const rewritten = await db().execute<{ id: string }>(sql`update payment_intents set amount = 2500000, description = 'Reembolso ' || id,
      metadata = jsonb_build_object('orderId', '888' || substring(id from '[0-9]+')), status = case when status = 'processing' then 'succeeded' else status end
    where mode = 'test' and substring(id from '[0-9]+')::int % 41 = 0 returning id`);
  await runReconciliation(db(), MODE, { intentIds: rewritten.map((r) => r.id) });
  // The webhook receiver stores transfers and queues a pass for them; the sync rewrites some senders and queues one too.
  await addTransfers(60, 3401);
  const renamed = await db().execute<{ ref: string }>(sql`update mobile_transfers set origin_name = 'Renombrada ' || sinpe_ref_number::bigint,
      origin_phone = '+506 6000 ' || lpad((sinpe_ref_number::bigint % 10000)::text, 4, '0')
    where mode = 'test' and sinpe_ref_number::bigint % 43 = 0 returning sinpe_ref_number as ref`);
  const stored = await db().execute<{ ref: string }>(sql`select sinpe_ref_number as ref from mobile_transfers where mode = 'test' and sinpe_ref_number::bigint > 3400`);
  await runReconciliation(db(), MODE, { refs: [...renamed, ...stored].map((r) => r.ref) });
  // The sync rewrites customers (a new name, e-mail or phone) and queues a pass for them.
  const customers = await db().execute<{ id: string }>(sql`update customers set name = 'Ximena Quirós ' || id, email = 'XQ.' || id || '@Nuevo.cr',
      phone = '+506 6123 4' || lpad(substring(id from '[0-9]+'), 3, '0') where mode = 'test' and substring(id from '[0-9]+')::int % 7 = 3 returning id`);
  await runReconciliation(db(), MODE, { customerIds: customers.map((r) => r.id) });
  // The sync writes new intents and queues a pass for them.
  await addIntents(401, 460);
  const fresh = await db().execute<{ id: string }>(sql`select id from payment_intents where mode = 'test' and substring(id from '[0-9]+')::int > 400`);
  await runReconciliation(db(), MODE, { intentIds: fresh.map((r) => r.id) });
}, 120_000);

describe("match by hand (findIntentsToMatch) returns what it returned before its indexes", () => {
  const texts = [
    // Amounts, as the page reads them from the text (amountFilter) in the transfer's currency, with and without the symbol.
    "15 000", "₡15 000", "15000", "15.000,50", "15 000,50", "25000", "$25 000", "9 900", "100", "$100", "0,50",
    // Ids: whole, in another case, prefixes, one in upper case.
    "pi_12", "pi_1", "PI_12", "pi_up23", "pi_UP23", "pi_UP2", "pi_", "pi_999",
    // Order numbers in the metadata: read by a pass, closed without a key row, changed after the pass, rewritten by the sync.
    "100006", "100012", "100396", "ORD-55001", "ord-55001", "ord-55007", "ab-2x", "Ab-2X", "ab-14x", "777pi_37", "777pi_74", "888123", "888164", "888410",
    // Descriptions: an order number as written on the payment, parts of it, a % or _ typed, accents.
    "90001", "Pedido 9000", "pedido", "ORD-64", "640002", "50%", "5%0", "50% adelanto", "café", "Depósito", "deposito", "pago_1", "pago%1", "suscripción", "reembolso pi_41",
    // Customers: names in part, with and without accents and case; e-mails; phones in several writings.
    "maría", "MARIA", "maria jose", "José Pérez", "perez", "ñandú", "nandu", "ana", "Ana María", "mora-pérez", "mo", "a", "Luis Vargas 14",
    "ximena", "Quirós cus_10", "xq.cus_17@nuevo.cr", "61234010", "+506 6123 4024", "Maria.Rodriguez3",
    "c1@example.cr", "EXAMPLE.CR", "@correo", "maria.rodriguez3", "8812", "88120012", "+506 8812 0012", "8812-0012", "0012", "506", "00506 88000007", "(555) 0113", "5550113",
    // Nothing, or almost nothing.
    "sin coincidencia", "zz", "1-1234-5678", "_", "%", "\\", "'", "   ",
  ];
  const currencies = ["CRC", "USD", undefined];

  it("for every text, in each currency and none, as the transfer page asks it (and with a longer page)", async () => {
    let compared = 0;
    let found = 0;
    // Pages of awaiting intents only: the walk (of AWAITING_WALK_ROWS, more than there are here) fills them.
    let filled = 0;
    for (const query of texts) {
      for (const currency of currencies) {
        const amount = amountFilter(query, currency);
        for (const limit of [20, 50]) {
          const before = await findIntentsBefore({ query, amount, currency, limit });
          const now = await findIntentsToMatch(db(), MODE, { query, amount, currency, limit });
          expect(now, `${JSON.stringify(query)} ${currency} ${amount} ${limit}`).toEqual(before);
          // As a common text (the awaiting intents walked newest first), whether the walk fills the page or comes back
          // short of it (a walk of 30 intents): the same rows.
          for (const walkRows of [AWAITING_WALK_ROWS, 30]) {
            const walked = await findIntentsToMatch(db(), MODE, { query, amount, currency, limit, commonAt: 0, walkRows });
            expect(walked, `${JSON.stringify(query)} ${currency} ${amount} ${limit} walking ${walkRows}`).toEqual(before);
          }
          compared++;
          if (before.length > 0) found++;
          if (now.length === limit && now.every((row) => (AWAITING_INTENT_STATUSES as readonly string[]).includes(row.status))) filled++;
        }
      }
    }
    // Not an empty comparison: most texts find intents.
    expect(compared).toBe(texts.length * currencies.length * 2);
    expect(found).toBeGreaterThan(compared / 2);
    expect(filled).toBeGreaterThan(10);
  });

  it("for an amount alone, in each currency and none", async () => {
    for (const amount of [1500000, 2500000, 1500050, 990000, 10000, 1, 0]) {
      for (const currency of currencies) {
        expect(await findIntentsToMatch(db(), MODE, { amount, currency, limit: 50 }), `${amount} ${currency}`).toEqual(await findIntentsBefore({ amount, currency, limit: 50 }));
      }
    }
  });
});

describe("the queues' sender filter (listQueue) returns what it returned before its index", () => {
  const senders = [
    "persona", "Persona 12", "PERSONA DESCONOCIDA", "maría", "MARIA JOSE", "jose perez", "josé", "ñandú", "nandu", "cañas", "cliente 3", "Cliente 1003",
    "ana mora", "sofia", "zzzzqq", "8812", "8812-0012", "+506 8812 0012", "0012", "00506", "5060", "7000", "1-1234-0004", "12340004", "1234", "9000000",
    "A-2", "12", "a", "1", "%", "_", "'", "sin nombre", "renombrada", "Renombrada 86", "6000", "6000 0086", "cliente 3450",
  ];

  for (const queue of ["unmatched", "suggested"] as const) {
    it(`in ${queue}, page by page`, async () => {
      let found = 0;
      for (const sender of senders) {
        let cursor: QueueCursor | undefined;
        for (let page = 0; page < 3; page++) {
          const before = await queuePageBefore(queue, sender, 7, cursor);
          const now = await listQueue(db(), { mode: MODE, queue, limit: 7, cursor, filters: { sender } });
          const keys = now.rows.map((row) => (queue === "unmatched" ? row.transfers[0]!.ref : String(row.matchId)));
          expect({ keys, next: now.next }, `${queue} ${JSON.stringify(sender)} page ${page + 1}`).toEqual(before);
          found += keys.length;
          if (!before.next) break;
          cursor = before.next;
        }
      }
      expect(found).toBeGreaterThan(100);
    });
  }

  it("walks the queue for a common sender and reads the index for a rare one: both ways are compared above", async () => {
    const [counts] = await db().execute<{ common: number; rare: number }>(sql`select
      count(*) filter (where k.sender_text like '%1%')::int as common, count(*) filter (where k.sender_text like '%persona%')::int as rare
      from reconciliation_transfer_keys k`);
    expect(senders).toContain("1");
    expect(counts!.common).toBeGreaterThanOrEqual(SENDER_CANDIDATES);
    expect(counts!.rare).toBeGreaterThan(0);
    expect(counts!.rare).toBeLessThan(SENDER_CANDIDATES);
  });
});

describe("an intent no pass has read yet (a webhook wrote it: the receiver queues passes for transfers only)", () => {
  it("is found by its id, its customer and, while it awaits money, its amount; by its order number and description once a pass reads it", async () => {
    await db().execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, description, metadata, created_at, last_event_at)
      values ('test', 'pi_webhook1', 'requires_payment_method', 1, 4321000, 'CRC', 'cus_6', 'Pedido 93939', '{"orderId": "ORD-939393"}', ${T}, ${T})`);
    const ids = async (query: string) => (await findIntentsToMatch(db(), MODE, { query, amount: amountFilter(query, "CRC"), currency: "CRC", limit: 50 })).map((i) => i.id);
    expect(await ids("pi_webhook1")).toContain("pi_webhook1");
    expect(await ids("Ñandú Cañas 6")).toContain("pi_webhook1");
    expect(await ids("43 210")).toContain("pi_webhook1");
    // Before drizzle/0039 these computed every intent's values on each search; now the pass writes them.
    expect(await ids("ord-939393")).not.toContain("pi_webhook1");
    expect(await ids("93939")).not.toContain("pi_webhook1");
    await runReconciliation(db(), MODE, { intentIds: ["pi_webhook1"] });
    expect(await ids("ord-939393")).toEqual(["pi_webhook1"]);
    expect(await ids("93939")).toEqual(["pi_webhook1"]);
  });
});

describe("match by hand for a name many customers hold", () => {
  // More customers named alike than COMMON_TEXT_ROWS, each with an awaiting intent and a settled one, the newest.
  beforeAll(async () => {
    await db().execute(sql`insert into customers (mode, id, name, phone, email, amount_spent, transactions_count, created_at)
      select 'test', 'cus_common' || c, 'Marcela Común ' || c, '+506 7100 ' || lpad(c::text, 4, '0'), 'mc' || c || '@example.cr', 0, 0, ${T}::timestamptz - interval '400 days'
      from generate_series(1, ${COMMON_TEXT_ROWS + 200}::int) c`);
    await db().execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, description, metadata, created_at, last_event_at)
      select 'test', 'pi_common' || g, case when g % 2 = 0 then 'processing' else 'succeeded' end, case when g % 2 = 0 then 1 else 10 end,
        1500000, case when g % 6 = 0 then 'USD' else 'CRC' end, 'cus_common' || (1 + g % ${COMMON_TEXT_ROWS + 200}::int), 'Pedido ' || g,
        jsonb_build_object('orderId', (300000 + g)::text), ${T}::timestamptz + g * interval '1 second', ${T}::timestamptz
      from generate_series(1, ${2 * (COMMON_TEXT_ROWS + 200)}::int) g`);
    await runReconciliation(db(), MODE);
    await db().execute(sql`analyze`);
    // What no pass has read yet, the newest awaiting intents: a customer renamed to the common name and a description
    // holding it. The search has never found an intent by them (its customer's and description's search rows are the
    // pass's): the walk must leave them out as well.
    await db().execute(sql`update customers set name = 'Común Sin Pase' where mode = 'test' and id = 'cus_1'`);
    await db().execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, description, metadata, created_at, last_event_at)
      values ('test', 'pi_renamed', 'processing', 1, 1500000, 'CRC', 'cus_1', null, null, ${T}::timestamptz + interval '2 days', ${T}),
             ('test', 'pi_described', 'processing', 1, 1500000, 'CRC', 'cus_2', 'Pedido común', null, ${T}::timestamptz + interval '2 days', ${T})`);
  }, 120_000);

  it("returns what it returned before, with what no pass has read yet", async () => {
    for (const query of ["común", "MARCELA", "marcela comun 12", "Marcela Común 1001", "mc1@example", "71000012", "comun 9", "pedido 24", "pedido común", "sin pase", "pi_renamed"]) {
      for (const currency of ["CRC", "USD", undefined]) {
        for (const limit of [20, 50]) {
          const amount = amountFilter(query, currency);
          const before = await findIntentsAt0042({ query, amount, currency, limit });
          expect(await findIntentsToMatch(db(), MODE, { query, amount, currency, limit }), `${query} ${currency} ${limit}`).toEqual(before);
          for (const walkRows of [AWAITING_WALK_ROWS, 30]) {
            const walked = await findIntentsToMatch(db(), MODE, { query, amount, currency, limit, commonAt: 0, walkRows });
            expect(walked, `${query} ${currency} ${limit} walking ${walkRows}`).toEqual(before);
          }
        }
      }
    }
    // The two read by the search once a pass has read them: the walk was tried and left them out above.
    expect((await findIntentsToMatch(db(), MODE, { query: "común", currency: "CRC" })).map((row) => row.id)).not.toContain("pi_renamed");
    await runReconciliation(db(), MODE, { intentIds: ["pi_renamed", "pi_described"], customerIds: ["cus_1"] });
    expect((await findIntentsToMatch(db(), MODE, { query: "común", currency: "CRC" })).map((row) => row.id).slice(0, 2).sort()).toEqual(["pi_described", "pi_renamed"]);
  });

  it("reads a page's worth of intents, not every intent of every customer so named", async () => {
    // Before: all 2,400 intents of the 1,200 customers were read by their key (or the table scanned), sorted, 20 kept.
    // Counted as the difference within one transaction: the backend may hold counts of its earlier transactions not
    // yet reported (PostgreSQL 15+ reports them at most once a second), which pg_stat_xact_* shows too.
    const read = await db().transaction(async (tx) => {
      const count = async () => {
        const [row] = await tx.execute<{ n: number }>(sql`select coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::int as n
          from pg_stat_xact_user_tables where relname = 'payment_intents'`);
        return row!.n;
      };
      const before = await count();
      // A walk of 100 rows (of 1,200 awaiting intents here): of 2,000 the planner may read them all and sort them.
      const page = await findIntentsToMatch(tx as unknown as Db, MODE, { query: "común", walkRows: 100 });
      expect(page).toHaveLength(20);
      return (await count()) - before;
    });
    expect(read).toBeLessThan(200);
  });
});
