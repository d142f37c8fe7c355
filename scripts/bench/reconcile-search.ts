// The operator's searches in reconciliation over bench:reconcile's generated data (scripts/bench/reconcile.ts):
// match by hand (findIntentsToMatch) once per kind of text, and the queues' first page filtered by sender, each the
// median of a few runs. Used by reconcile.ts at each scale; runnable alone on a kept database:
//   npx tsx --conditions=react-server scripts/bench/reconcile-search.ts <database url>
import { findIntentsToMatch, listQueue } from "@/db/queries/reconciliation-queues";
import { sql } from "drizzle-orm";
import { connectDatabase, type Db } from "@/db";
import { median, msText as fmt } from "./figures";


/** Generated intent g's amount in minor units (reconcile.ts's generator). */
const amountOf = (g: number) => (10 + ((g * 7919) % 280)) * 100_000;

export async function timeSearches(db: Db, n: number, runs = 5): Promise<string> {
  const g = Math.floor(n / 25) + 2; // an awaiting intent (g % 10 = 2) with a key row
  const succeeded = g + 6; // g % 10 = 8: succeeded, no key row (a pass reads the intents not closed), not confirmed
  const customer = g % Math.max(1, Math.floor(n / 4));
  const find: [string, string, number | null][] = [
    ["amount", String(amountOf(g) / 100), amountOf(g)],
    ["name (common)", "maría", null],
    ["name (one customer)", `ana mora ${customer}`, null],
    ["id", `pi_${g}`, null],
    ["order number (keyed)", String(100_000 + g), null],
    ["order number (not keyed)", String(100_000 + succeeded), null],
    ["email", `c${customer}@example.cr`, null],
    ["phone", `8${String(customer % 10_000_000).padStart(7, "0")}`, null],
    ["text (nothing)", "sin coincidencia", null],
  ];
  const out: string[] = [];
  for (const [label, query, amount] of find) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      found = (await findIntentsToMatch(db, "test", { query, amount, currency: amount == null ? undefined : "CRC" })).length;
      times.push(performance.now() - started);
    }
    out.push(`${label} ${fmt(median(times))} (${found})`);
  }
  const senders: [string, string][] = [
    ["rare name", "zzzzqq"],
    ["one sender", `cliente ${g}`],
    ["common name", "persona"],
    ["digits", String(g).padStart(4, "0")],
  ];
  const queues: string[] = [];
  for (const queue of ["suggested", "unmatched"] as const) {
    for (const [label, sender] of senders) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        found = (await listQueue(db, { mode: "test", queue, limit: 25, filters: { sender } })).rows.length;
        times.push(performance.now() - started);
      }
      queues.push(`${queue} ${label} ${fmt(median(times))} (${found})`);
    }
  }
  return `match by hand: ${out.join(", ")} | sender filter, first page: ${queues.join(", ")}`;
}

if (process.argv[1]?.endsWith("reconcile-search.ts")) {
  const { db, client } = connectDatabase(process.argv[2]!, { max: 2 });
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from payment_intents`)) as unknown as [{ n: number }];
  console.log(`N=${n}: ${await timeSearches(db, n)}`);
  await client.end();
}
