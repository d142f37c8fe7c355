import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAccountsByStatus, getSellerRecord, listLocalAccounts } from "@/db/queries/connected-accounts";
import { auditLog, connectedAccounts, operators, type Operator } from "@/db/schema";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { getConnectedAccount } from "@/lib/payments/connected-accounts";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";
import { freshTestDatabase } from "@/scripts/test/database";
import { changeWeeklyFee, createSeller, issueOnboardingLink, ONBOARDING_LINK_TTL_MS, SELLER_ACTIONS } from "./sellers";

// The admin's marketplace writes against the real sandbox over HTTP and a real PostgreSQL: what the service did, what
// this app recorded and audited, and that the onboarding link is in none of it.

const test = freshTestDatabase();
const KEY = "svc_test_secret_key_sellers_int";
let sandbox: RunningSandbox;
let client: PaymentClient;
const people = {} as Record<"operator" | "viewer" | "admin", Operator>;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: "sellers",
    scale: 0.05,
    now: new Date("2026-11-01T12:00:00.000Z"),
    dataDir: null,
    keys: { secret: { test: KEY, live: "svc_live_secret_key_sellers_int" }, publishable: { test: "svc_test_publishable_key_s", live: "svc_live_publishable_key_s" } },
    webhooks: {},
  });
  client = createPaymentClient({ baseUrl: sandbox.url, secretKey: KEY, logger: () => {} });
  for (const role of ["operator", "viewer", "admin"] as const) {
    const [row] = await test.db.insert(operators).values({ email: `${role}@example.com`, name: `Name ${role}`, passwordHash: "x", role }).returning();
    people[role] = row!;
  }
}, 60_000);
afterAll(() => sandbox?.stop());

const context = (who: keyof typeof people) => ({ db: test.db, client, mode: "test" as const, actor: people[who] });
const opens = async (url: string) => (await fetch(url)).status;

/** Every text a row of any table holds, as one string: where a leaked link would be found. */
async function everything(): Promise<string> {
  const tables = await test.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
  const parts: string[] = [];
  for (const { table_name } of tables) parts.push(JSON.stringify(await test.db.execute(sql`select * from ${sql.identifier(table_name)}`)));
  return parts.join("\n");
}

describe("seller onboarding", () => {
  it("creates a seller, records who issued its link and until when, audits it, and stores the link nowhere", async () => {
    const result = await createSeller(context("admin"), { businessName: "Panadería Doña Rosa", appFee: "3,5" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(await opens(result.link.url)).toBe(200);
    const account = await getConnectedAccount(client, result.link.accountId);
    expect(account).toMatchObject({ businessName: "Panadería Doña Rosa", marketplaceAppFee: 3.5, status: "pending_onboarding" });

    const record = await getSellerRecord(test.db, { mode: "test", accountId: account.id });
    expect(record).toMatchObject({ linkIssuedBy: people.admin.id, linkIssuedByName: "Name admin" });
    expect(record!.linkExpiresAt!.getTime() - record!.linkIssuedAt!.getTime()).toBe(ONBOARDING_LINK_TTL_MS);
    expect(result.link.expiresAt).toBe(record!.linkExpiresAt!.toISOString());
    const audit = await test.db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));
    expect(audit.map((row) => [row.action, row.operatorId])).toEqual([[SELLER_ACTIONS.created, people.admin.id]]);

    // A new link expires the old one, in the service and in this app's record.
    const second = await issueOnboardingLink(context("admin"), { accountId: account.id, businessName: "x" });
    if (!second.ok) throw new Error(JSON.stringify(second));
    expect(await opens(result.link.url)).toBe(410);
    expect(await opens(second.link.url)).toBe(200);
    const token = (url: string) => new URL(url).pathname.split("/").pop()!;
    const stored = await everything();
    for (const url of [result.link.url, second.link.url]) {
      expect(stored).not.toContain(url);
      expect(stored).not.toContain(token(url));
    }
  });

  it("follows the service's clock: a link issued after the clock moved on expires 7 days after that", async () => {
    await fetch(`${sandbox.url}/_sandbox/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance: "3d" }) });
    const result = await createSeller(context("admin"), { businessName: "Taller El Rayo", appFee: "" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const expected = Date.now() + 3 * 86_400_000 + ONBOARDING_LINK_TTL_MS;
    expect(Math.abs(Date.parse(result.link.expiresAt) - expected)).toBeLessThan(5_000);
  });

  it("refuses operators and viewers before anything is asked of the service", async () => {
    const before = await test.db.select().from(auditLog);
    for (const who of ["operator", "viewer"] as const) {
      expect(await createSeller(context(who), { businessName: "Forjado", appFee: "5" })).toEqual({ ok: false, error: "forbidden" });
      expect(await issueOnboardingLink(context(who), { accountId: "acct_x" })).toEqual({ ok: false, error: "forbidden" });
      expect(await changeWeeklyFee(context(who), { accountId: "acct_x", enabled: false, amount: "", currency: "" })).toEqual({ ok: false, error: "forbidden" });
    }
    expect(await test.db.select().from(auditLog)).toEqual(before);
  });

  it("refuses bad input on its field and sends nothing", async () => {
    const before = (await test.db.select().from(auditLog)).length;
    expect(await createSeller(context("admin"), { businessName: "x".repeat(51), appFee: "5" })).toEqual({ ok: false, error: "invalid_input", fieldErrors: { businessName: "tooLong" } });
    expect(await createSeller(context("admin"), { businessName: "Taller", appFee: "100.001" })).toMatchObject({ error: "invalid_input", fieldErrors: { appFee: "feeFormat" } });
    expect(await changeWeeklyFee(context("admin"), { accountId: "acct_x", enabled: true, amount: "0", currency: "USD" })).toMatchObject({ fieldErrors: { amount: "amount_zero" } });
    expect((await test.db.select().from(auditLog)).length).toBe(before);
  });

  it("maps the service's marketplace validation errors onto the fields they name", async () => {
    // The form and the action refuse what the sandbox would, so its refusal is built here from the spec's shape.
    const { serviceFieldErrors } = await import("./sellers");
    const { PaymentServiceError } = await import("@/lib/payments/errors");
    const error = new PaymentServiceError({ kind: "marketplace_validation", status: 400, message: "x", messages: ["businessName must be a string between 1 and 50 characters", "marketplaceAppFee must be a number"] });
    expect(serviceFieldErrors(error, ["businessName", "appFee"])).toEqual({
      businessName: "service:businessName must be a string between 1 and 50 characters",
      appFee: "service:marketplaceAppFee must be a number",
    });
    const missing = await changeWeeklyFee(context("admin"), { accountId: "acct_missing", enabled: false, amount: "", currency: "" });
    expect(missing).toMatchObject({ ok: false, error: "service" });
    // Refused by the service, and still an admin action on the record.
    const [refusal] = await test.db.select().from(auditLog).where(eq(auditLog.subjectId, "acct_missing"));
    expect(refusal).toMatchObject({ action: SELLER_ACTIONS.refused, operatorId: people.admin.id, after: { asked: SELLER_ACTIONS.weeklyFeeSet, error: { status: 404 } } });
  });

  it("sets the weekly fee in minor units, records it, and turns it off with nulls", async () => {
    const created = await createSeller(context("admin"), { businessName: "Soda Doña Tere", appFee: "5" });
    if (!created.ok) throw new Error("not created");
    const id = created.link.accountId;
    expect(await changeWeeklyFee(context("admin"), { accountId: id, enabled: true, amount: "2 500,50", currency: "CRC" })).toEqual({ ok: true });
    expect(await getSellerRecord(test.db, { mode: "test", accountId: id })).toMatchObject({ weeklyFeeEnabled: true, weeklyFeeAmount: 250050, weeklyFeeCurrency: "CRC", weeklyFeeSetByName: "Name admin" });
    expect(await changeWeeklyFee(context("admin"), { accountId: id, enabled: false, amount: "2 500,50", currency: "CRC" })).toEqual({ ok: true });
    expect(await getSellerRecord(test.db, { mode: "test", accountId: id })).toMatchObject({ weeklyFeeEnabled: false, weeklyFeeAmount: null, weeklyFeeCurrency: null });
    const actions = (await test.db.select().from(auditLog).where(eq(auditLog.subjectId, id))).map((row) => row.action);
    expect(actions).toEqual([SELLER_ACTIONS.created, SELLER_ACTIONS.weeklyFeeSet, SELLER_ACTIONS.weeklyFeeSet]);
  });
});

describe("the sync's copy", () => {
  it("filters by status and name, counts per status and flags sellers pending for more than 7 days", async () => {
    const now = Date.now();
    const day = 86_400_000;
    const row = (id: string, status: string, name: string, daysAgo: number) => ({ mode: "test" as const, id, status, businessName: name, marketplaceAppFee: 5, createdAt: new Date(now - daysAgo * day), syncedAt: new Date() });
    await test.db.insert(connectedAccounts).values([row("acct_a", "pending_onboarding", "Soda Central", 10), row("acct_b", "pending_onboarding", "Taller Sur", 2), row("acct_c", "active", "Soda Norte", 30)]);
    const list = (filters: object) => listLocalAccounts(test.db, { mode: "test", ...filters }, { limit: 10 }).then((page) => page.items.map((item) => [item.id, item.stuck]));
    expect(await list({})).toEqual([["acct_b", false], ["acct_a", true], ["acct_c", false]]);
    expect(await list({ status: "active" })).toEqual([["acct_c", false]]);
    expect(await list({ name: "soda" })).toEqual([["acct_a", true], ["acct_c", false]]);
    expect(await list({ name: "100%" })).toEqual([]);
    expect(await list({ stuck: true })).toEqual([["acct_a", true]]);
    expect(await countAccountsByStatus(test.db, "test")).toEqual({ byStatus: { pending_onboarding: 2, active: 1 }, stuck: 1 });
    const first = await listLocalAccounts(test.db, { mode: "test" }, { limit: 2 });
    expect(first.hasOlder).toBe(true);
    const next = await listLocalAccounts(test.db, { mode: "test" }, { limit: 2, after: first.items[1]! });
    expect(next.items.map((item) => item.id)).toEqual(["acct_c"]);
    const back = await listLocalAccounts(test.db, { mode: "test" }, { limit: 2, before: next.items[0]! });
    expect(back.items.map((item) => item.id)).toEqual(["acct_b", "acct_a"]);
  });
});
