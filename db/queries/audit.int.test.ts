import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createdAtRange } from "@/lib/list-params";
import { freshTestDatabase } from "@/scripts/test/database";
import { auditLog, operators } from "../schema";
import { auditPageQuery, countAudit, insertAudit, listAuditPage, type AuditFilters } from "./audit";

// The audit log page's query (/settings/audit) against real PostgreSQL: its filters, and keyset pages newest first
// that neither skip nor repeat a row, even among many rows written in one transaction (one `at`, as a bulk
// confirmation writes them), forwards and back.

const test = freshTestDatabase();
const ZONE = "America/Costa_Rica";
let ana: string;
let bruno: string;

/** Every row the filters select, in the page's order, read without paging. */
async function all(filters: AuditFilters = {}) {
  const { items } = await listAuditPage(test.db, filters, { limit: 100_000 });
  return items.map((row) => row.id);
}

/** Walks the pages forwards with the Next cursor, then back with Previous, and gives each walk's pages. */
async function walk(filters: AuditFilters, limit: number) {
  const forward: number[][] = [];
  let after: number | undefined;
  for (;;) {
    const page = await listAuditPage(test.db, filters, { limit, ...(after !== undefined && { after }) });
    forward.push(page.items.map((row) => row.id));
    if (!page.hasOlder) break;
    after = page.items.at(-1)!.id;
  }
  const back: number[][] = [forward.at(-1)!];
  let before = forward.at(-1)![0];
  for (;;) {
    const page = await listAuditPage(test.db, filters, { limit, before });
    if (page.items.length === 0) break;
    back.unshift(page.items.map((row) => row.id));
    if (!page.hasNewer) break;
    before = page.items[0]!.id;
  }
  return { forward, back };
}

beforeAll(async () => {
  const made = await test.db
    .insert(operators)
    .values([
      { email: "ana@example.com", name: "Ana Mora", passwordHash: "x", role: "admin" },
      { email: "bruno@example.com", name: "Bruno Solís", passwordHash: "x", role: "operator" },
    ])
    .returning();
  [ana, bruno] = [made[0]!.id, made[1]!.id];
  // Bruno's bulk confirmation: 60 rows in one transaction, one `at`.
  await test.db.transaction(async (tx) => {
    for (let i = 0; i < 60; i++) {
      await insertAudit(tx, { operatorId: bruno, actor: "bruno@example.com", action: "reconciliation.confirmed", subjectType: "reconciliation_match", subjectId: String(4000 + i), mode: "test", after: { transferRefs: [`ref${i}`] } });
    }
  });
  const row = (at: string, over: Partial<typeof auditLog.$inferInsert> = {}) => ({ operatorId: ana, actor: "ana@example.com", action: "refund.create", subjectType: "payment_intent", subjectId: "pi_1", mode: "test", at: new Date(at), ...over });
  await test.db.insert(auditLog).values([
    // Around the edges of 2026-11-20 in Costa Rica (UTC-6): 06:00 UTC is its first instant, 05:59:59 the 19th's last.
    row("2026-11-20T05:59:59.999Z", { subjectId: "pi_19th" }),
    row("2026-11-20T06:00:00.000Z", { subjectId: "pi_20th_first" }),
    row("2026-11-21T05:59:59.999Z", { subjectId: "pi_20th_last" }),
    row("2026-11-21T06:00:00.000Z", { subjectId: "pi_21st" }),
    row("2026-11-20T12:00:00.000Z", { action: "reconciliation.period_closed", subjectType: "reconciliation_closure", subjectId: "1" }),
    row("2026-11-20T12:00:00.000Z", { operatorId: null, actor: "cli:root", action: "operator.set_role", subjectType: "operator", subjectId: ana, mode: null }),
    row("2026-11-22T12:00:00.000Z", { operatorId: bruno, actor: "bruno@example.com", action: "list.export", subjectType: "list", subjectId: "payments" }),
  ]);
});

describe("listAuditPage", () => {
  it("pages newest first by time then id, without a gap or a repeat, forwards and back, through rows of one instant", async () => {
    const everything = await all();
    expect(everything).toHaveLength(67);
    const ordered = await test.db.execute<{ id: number }>(sql`select id::int as id from audit_log order by at desc, id desc`);
    expect(everything).toEqual(ordered.map((row) => row.id));
    for (const limit of [7, 25]) {
      const { forward, back } = await walk({}, limit);
      expect(forward.flat(), `limit ${limit}`).toEqual(everything);
      expect(back.flat(), `limit ${limit}, back`).toEqual(everything);
      expect(forward.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    // Paging inside one filter, across Bruno's 60 rows of one instant.
    const { forward } = await walk({ operator: bruno }, 25);
    expect(forward.map((page) => page.length)).toEqual([25, 25, 11]);
    expect(new Set(forward.flat()).size).toBe(61);
  });

  it("says who wrote each row by their operator's name and e-mail, and names an operator subject", async () => {
    const { items } = await listAuditPage(test.db, { operator: "cli" }, { limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: "cli:root", operatorName: null, subjectName: "Ana Mora", subjectEmail: "ana@example.com", at: new Date("2026-11-20T12:00:00.000Z") });
    const [bulk] = (await listAuditPage(test.db, { action: "reconciliation.confirmed" }, { limit: 1 })).items;
    expect(bulk).toMatchObject({ operatorName: "Bruno Solís", operatorEmail: "bruno@example.com", after: { transferRefs: ["ref59"] } });
  });

  it("filters by operator, action, kind of subject and days in the operator's zone, alone and together", async () => {
    expect(await all({ operator: ana })).toHaveLength(5);
    expect(await all({ operator: bruno })).toHaveLength(61);
    expect(await all({ action: "refund.create" })).toHaveLength(4);
    expect(await all({ subjectType: "reconciliation_closure" })).toHaveLength(1);
    const day = (from: string, to: string) => {
      const range = createdAtRange(from, to, ZONE)!;
      return { from: new Date(range.gte!), before: new Date(range.lt!) };
    };
    const subjects = async (filters: AuditFilters) => (await listAuditPage(test.db, filters, { limit: 100 })).items.map((row) => row.subjectId);
    expect(await subjects({ ...day("2026-11-20", "2026-11-20"), action: "refund.create" })).toEqual(["pi_20th_last", "pi_20th_first"]);
    expect(await subjects({ ...day("2026-11-20", "2026-11-20"), operator: ana })).toEqual(["pi_20th_last", "1", "pi_20th_first"]);
    expect(await subjects({ ...day("2026-11-19", "2026-11-19") })).toEqual(["pi_19th"]);
    expect(await all({ operator: bruno, action: "refund.create" })).toEqual([]);
  });

  it("counts what the filters select, up to a cap", async () => {
    expect(await countAudit(test.db, { operator: bruno })).toBe(61);
    expect(await countAudit(test.db, {})).toBe(67);
    expect(await countAudit(test.db, {}, 50)).toBeUndefined();
  });
});

describe("the audit log's plans", () => {
  const dialect = new PgDialect();
  // EXPLAIN takes no bind parameters: the query's own values are inlined.
  const explain = async (filters: AuditFilters, page: { limit: number; after?: number }) => {
    const query = dialect.sqlToQuery(auditPageQuery(filters, page));
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(query.params[Number(n) - 1]).replaceAll("'", "''")}'`);
    const rows = await test.db.execute<{ "QUERY PLAN": string }>(sql.raw(`explain (analyze, buffers off, timing off, summary off) ${text}`));
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  };

  it("reads a page from an index and stops, among 100,000 rows, for the default page and each filter", async () => {
    await test.db.execute(sql`
      insert into audit_log (operator_id, actor, action, subject_type, subject_id, mode, after, at)
      select case when g % 50 = 0 then ${ana}::uuid else ${bruno}::uuid end, 'x', case when g % 10 = 0 then 'list.export' else 'reconciliation.confirmed' end,
        case when g % 10 = 0 then 'list' else 'reconciliation_match' end, g::text, 'test', '{}'::jsonb, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 100000) g`);
    await test.db.execute(sql`analyze audit_log`);
    const [{ id: middle } = { id: 0 }] = await test.db.execute<{ id: number }>(sql`select id::int as id from audit_log order by at desc, id desc offset 50000 limit 1`);
    const plans = {
      first: await explain({}, { limit: 25 }),
      deep: await explain({}, { limit: 25, after: middle }),
      operator: await explain({ operator: ana }, { limit: 25 }),
      action: await explain({ action: "list.export" }, { limit: 25 }),
      subject: await explain({ subjectType: "list" }, { limit: 25 }),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).not.toMatch(/Seq Scan on audit_log a\b|Sort Key/);
    }
    expect(plans.first).toContain("audit_log_at_id_idx");
    expect(plans.deep).toContain("audit_log_at_id_idx");
    expect(plans.operator).toContain("audit_log_operator_at_idx");
    expect(plans.action).toContain("audit_log_action_at_idx");
    // A kind of subject has no index of its own: newest first along (at, id), the other kinds skipped, no sort.
    expect(plans.subject).toContain("audit_log_at_id_idx");
  });
});
