import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runReconciliation } from "@/db/queries/reconciliation";
import { findIntentsToMatch, listDeferredIntents, listHighConfidenceSuggestions, listQueue, transferReconciliation } from "@/db/queries/reconciliation-queues";
import { getHistory } from "@/db/queries/timeline";
import type { Operator } from "@/db/schema";
import type { Translator } from "@/lib/i18n/server";
import { addOperator } from "@/lib/operators";
import { ensureReconcileQueues, RECONCILE_QUEUE } from "@/lib/reconciliation/jobs";
import { closePeriod } from "@/lib/reconciliation/periods-close";
import { createSyncBoss, ensureSyncQueue } from "@/lib/sync/queue";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf, rowsTouched } from "@/lib/reconciliation/test-fixtures";
import { freshTestDatabase } from "@/scripts/test/database";
import { bulkConfirm, decide, runRulesNow, type Words } from "./decide";
import { translatorFor } from "@/lib/i18n/translator";

// The action layer against real PostgreSQL: the role, the mode, the answer in words (above all who decided first), two
// operators racing in two real transactions, the bulk confirmation and the decisions on both timelines.

const test = freshTestDatabase();
const system = { operatorId: null, label: "test" };
const words = (locale: "es" | "en"): Words => ({
  t: translatorFor(locale, "America/Costa_Rica") as unknown as Translator,
  locale: locale === "es" ? "es-CR" : "en-US",
  timeZone: "America/Costa_Rica",
});
const es = words("es");
let ana: Operator;
let beto: Operator;
let vera: Operator;

let boss: PgBoss;

beforeAll(async () => {
  // Only sends, as the app's actions do: no worker runs what it queues.
  boss = createSyncBoss(test.url, { sendOnly: true });
  await boss.start();
  await ensureSyncQueue(boss);
  await ensureReconcileQueues(boss);
  ana = (await addOperator(test.db, { email: "ana@example.cr", name: "Ana Mora", role: "operator" }, system)).operator;
  beto = (await addOperator(test.db, { email: "beto@example.cr", name: "Beto Solís", role: "admin" }, system)).operator;
  vera = (await addOperator(test.db, { email: "vera@example.cr", name: "Vera Viewer", role: "viewer" }, system)).operator;
});
afterAll(async () => {
  await boss.stop({ graceful: false });
});
beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_closures, reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
  await test.db.execute(sql`delete from audit_log where subject_type in ('reconciliation_match', 'reconciliation', 'reconciliation_closure')`);
});

/** An unlinked transfer whose sender's phone is the customer's: rule 3 suggests it. */
async function suggestion(fields: { amount?: number; phone?: string; senderIsCustomer?: boolean } = {}) {
  const customer = await addCustomer(test.db, { phone: fields.phone ?? "+50688123456" });
  const pid = await addIntent(test.db, { customerId: customer, amount: fields.amount });
  // The sender's name as well as the phone: a high-confidence suggestion (amount, phone and name: 85).
  const name = fields.senderIsCustomer ? { name: "María José Rodríguez" } : {};
  const ref = await addTransfer(test.db, { phone: fields.phone?.slice(4) ?? "8812-3456", amount: fields.amount, ...name });
  await runReconciliation(test.db, "test");
  const row = (await matchesOf(test.db)).find((m) => m.state === "suggested" && m.pid === pid);
  return { pid, ref, matchId: row!.id };
}

describe("the reconciliation action layer", () => {
  it("match by hand finds intents by id, by an order number in their metadata (read by a full pass or a scoped one) and by customer", async () => {
    const customer = await addCustomer(test.db, { name: "Lucía Fernández" });
    const read = await addIntent(test.db, { customerId: customer, metadata: { pedido: "31738" } });
    await runReconciliation(test.db, "test");
    const fresh = await addIntent(test.db, { metadata: { pedido: "55123" } });
    // An order number written only in the payment's description, as the operator reads it on the payment; a % typed is a %.
    const described = await addIntent(test.db, { description: "Pedido 90929 (50% adelanto)" });
    // The pass the sync queues for the intents it wrote: match by hand finds an intent by its order number and description
    // once a pass has read it (drizzle/0039; db/queries/reconciliation-search.int.test.ts, "an intent no pass has read yet").
    await runReconciliation(test.db, "test", { intentIds: [fresh, described] });
    const ids = async (query: string) => (await findIntentsToMatch(test.db, "test", { query, currency: "CRC" })).map((i) => i.id);
    expect(await ids(read)).toEqual([read]);
    expect(await ids("31738")).toEqual([read]);
    expect(await ids("90929")).toEqual([described]);
    expect(await ids("50%")).toEqual([described]);
    expect(await ids("5%0")).toEqual([]);
    expect(await ids("55123")).toEqual([fresh]);
    expect(await ids("lucia fernandez")).toEqual([read]);
    expect(await ids("99999")).toEqual([]);
  });

  it("refuses a viewer, in words, and changes nothing", async () => {
    const { matchId } = await suggestion();
    const answer = await decide(test.db, vera, "test", "confirm", { matchId }, es);
    expect(answer).toEqual({ ok: false, error: "forbidden", message: "Tu rol no puede tomar decisiones de conciliación." });
    expect(await runRulesNow(test.db, boss, vera, "test")).toBeNull();
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["suggested"]);
    // Nothing queued, nothing audited.
    expect(await boss.findJobs(RECONCILE_QUEUE, { key: "test" })).toEqual([]);
    expect(await test.db.execute(sql`select 1 from audit_log where action = 'reconciliation.rules_run'`)).toHaveLength(0);
  });

  it("decides in the mode the operator looks at, whatever the input says", async () => {
    const { matchId } = await suggestion();
    const answer = await decide(test.db, ana, "live", "confirm", { matchId, mode: "test" }, es);
    expect(answer).toMatchObject({ ok: false, error: "not_found" });
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["suggested"]);
  });

  it("two operators confirming one suggestion at once: exactly one wins, the other is told who and how", async () => {
    const { matchId, pid } = await suggestion();
    const answers = await Promise.all([
      decide(test.db, ana, "test", "confirm", { matchId, note: "lo vi" }, es),
      decide(test.db, beto, "test", "confirm", { matchId }, es),
    ]);
    const won = answers.filter((a) => a.ok);
    const lost = answers.filter((a) => !a.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = answers[0]!.ok ? "Ana Mora (ana@example.cr)" : "Beto Solís (beto@example.cr)";
    expect(lost[0]).toMatchObject({ error: "already_decided" });
    expect(lost[0]!.message).toContain(`Otra persona ya la decidió: ${winner} la marcó como «Confirmada» contra el pago ${pid}`);
    expect(lost[0]!.message).toContain("No se cambió nada.");
    const audits = await test.db.execute(sql`select action from audit_log where subject_type = 'reconciliation_match'`);
    expect(audits.map((a) => a.action)).toEqual(["reconciliation.confirmed"]);
  });

  it("one confirms while another accepts the same transfer without a match: one wins, nothing is settled twice", async () => {
    const { matchId, ref } = await suggestion();
    const answers = await Promise.all([
      decide(test.db, ana, "test", "confirm", { matchId }, words("en")),
      decide(test.db, beto, "test", "accept", { ref, note: "donation" }, words("en")),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const lost = answers.find((a) => !a.ok)!;
    expect(lost.message).toMatch(/^Someone else decided it first: (Ana Mora|Beto Solís) .* marked it “(Confirmed|Accepted without match)”/);
    const settled = await test.db.execute(sql`select count(*)::int as n from reconciliation_match_transfers where state in ('confirmed', 'accepted_unmatched')`);
    expect(settled[0]!.n).toBe(1);
  });

  it("an acceptance without a note is refused with the layer's reason", async () => {
    const ref = await addTransfer(test.db, {});
    const answer = await decide(test.db, ana, "test", "accept", { ref, note: "  " }, es);
    expect(answer).toMatchObject({ ok: false, error: "invalid_input" });
    expect(answer.message).toBe("Revisa estos datos: nota.");
  });

  it("words the layer's refusals from their facts in the operator's language: a set that does not add up says by how much", async () => {
    const pid = await addIntent(test.db, { amount: 2_000_000 });
    const a = await addTransfer(test.db, { amount: 1_000_000 });
    const b = await addTransfer(test.db, { amount: 900_000 });
    const plain = (answer: { message: string }) => answer.message.replace(/\s/g, " ");
    const spanish = await decide(test.db, ana, "test", "match", { refs: [a, b], paymentIntentId: pid }, es);
    expect(spanish).toMatchObject({ ok: false, error: "amount_mismatch" });
    expect(plain(spanish)).toContain("las 2 transferencias suman ₡19 000,00 y el pago es de ₡20 000,00 (faltan ₡1 000,00)");
    const english = await decide(test.db, ana, "test", "match", { refs: [a, b], paymentIntentId: pid }, words("en"));
    expect(plain(english)).toContain("the 2 transfers add up to ₡19,000.00 and the payment is ₡20,000.00 (₡1,000.00 short)");
    const unknown = await decide(test.db, ana, "test", "match", { refs: [a, "2026111800000000000009999"], paymentIntentId: pid }, words("en"));
    expect(unknown).toEqual({ ok: false, error: "not_found", message: "That transfer does not exist in this mode. Nothing was changed." });
    expect(await matchesOf(test.db)).toEqual([]);
  });

  it("bulk-confirms each reviewed suggestion on its own and reports the one already decided", async () => {
    const first = await suggestion({ amount: 1_000_000, phone: "+50688000001", senderIsCustomer: true });
    const second = await suggestion({ amount: 2_000_000, phone: "+50688000002", senderIsCustomer: true });
    expect((await decide(test.db, beto, "test", "confirm", { matchId: second.matchId }, es)).ok).toBe(true);
    const answer = await bulkConfirm(test.db, ana, "test", { matchIds: [first.matchId, second.matchId], note: "revisadas" }, es);
    expect(answer.confirmed).toBe(1);
    expect(answer.refused).toEqual([{ matchId: second.matchId, message: expect.stringContaining("Beto Solís (beto@example.cr) la marcó como «Confirmada»") }]);
  });

  it("bulk-confirms only what the review may offer: a suggestion that is not its transfer's only candidate is refused, whatever the call names", async () => {
    const customer = await addCustomer(test.db, { phone: "+50688000003" });
    await addIntent(test.db, { customerId: customer, amount: 3_000_000 });
    await addIntent(test.db, { customerId: customer, amount: 3_000_000 });
    await addTransfer(test.db, { phone: "8800-0003", amount: 3_000_000 });
    await runReconciliation(test.db, "test");
    const candidates = (await matchesOf(test.db)).filter((m) => m.state === "suggested");
    expect(candidates).toHaveLength(2);
    const answer = await bulkConfirm(test.db, ana, "test", { matchIds: candidates.map((m) => m.id) }, es);
    expect(answer.confirmed).toBe(0);
    expect(answer.refused.map((r) => r.message)).toEqual([es.t("reconciliationDecision.bulk.notEligible"), es.t("reconciliationDecision.bulk.notEligible")]);
    expect((await matchesOf(test.db)).filter((m) => m.state === "confirmed")).toEqual([]);
  });

  it("a high-confidence suggestion whose amount differs from its payment's is neither offered nor taken in bulk", async () => {
    const pid = await addIntent(test.db, { amount: 2_500_000, metadata: { pedido: "77123" } });
    await addTransfer(test.db, { amount: 100, description: "pedido 77123" });
    const exact = await suggestion({ amount: 1_000_000, phone: "+50688000001", senderIsCustomer: true });
    await runReconciliation(test.db, "test");
    const differing = (await matchesOf(test.db)).find((m) => m.state === "suggested" && m.pid === pid)!;
    expect(differing.score).toBeGreaterThanOrEqual(80);
    expect((await listHighConfidenceSuggestions(test.db, "test")).map((m) => m.matchId)).toEqual([exact.matchId]);
    const answer = await bulkConfirm(test.db, ana, "test", { matchIds: [differing.id, exact.matchId] }, es);
    expect(answer).toEqual({ confirmed: 1, refused: [{ matchId: differing.id, message: es.t("reconciliationDecision.bulk.notEligible") }] });
    expect((await matchesOf(test.db)).find((m) => m.id === differing.id)!.state).toBe("suggested");
  });

  it("bulk confirmation inside a closed period: refused in words without a note, writing nothing; with a note, confirmed and flagged", async () => {
    const { matchId } = await suggestion({ amount: 1_000_000, phone: "+50688000001", senderIsCustomer: true });
    const closed = await closePeriod(test.db, beto, { mode: "test", kind: "day", date: "2026-11-18", currency: "CRC" }, "America/Costa_Rica");
    expect(closed.ok).toBe(true);
    const { result, touched } = await rowsTouched(test.db, (db) => bulkConfirm(db, ana, "test", { matchIds: [matchId] }, es));
    expect(result).toEqual({ confirmed: 0, refused: [{ matchId, message: expect.stringContaining("período cerrado") }] });
    expect(touched).toBe(0);
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["suggested"]);
    expect(await bulkConfirm(test.db, ana, "test", { matchIds: [matchId], note: "Revisadas después del cierre" }, es)).toEqual({ confirmed: 1, refused: [] });
    const [row] = await test.db.execute<{ flag: number[] }>(sql`select after->'inClosedPeriods' as flag from audit_log where subject_type = 'reconciliation_match'`);
    expect(row!.flag).toEqual([(closed as { closureId: number }).closureId]);
  });

  it("puts each decision on the transfer's and the intent's timelines, with its note, and undo too", async () => {
    const { matchId, ref, pid } = await suggestion();
    expect((await decide(test.db, ana, "test", "confirm", { matchId, note: "comprobante visto" }, es)).ok).toBe(true);
    expect((await decide(test.db, ana, "test", "undo", { matchId, note: "me equivoqué" }, es)).ok).toBe(true);
    for (const subject of [{ type: "transfer" as const, id: ref, other: pid }, { type: "payment_intent" as const, id: pid, other: ref }]) {
      const history = await getHistory(test.db, { mode: "test", type: subject.type, id: subject.id });
      const decisions = history.filter((e) => e.kind === "operator");
      expect(decisions.map((e) => e.kind === "operator" && [e.action, e.operatorName, e.reason, e.reference])).toEqual([
        ["reconciliation.confirmed", "Ana Mora", "comprobante visto", subject.other],
        ["reconciliation.undone", "Ana Mora", "me equivoqué", subject.other],
      ]);
    }
  });
});

describe("the queue's filters and a transfer's candidates", () => {
  it("filters by sender, amount and age, and shows every candidate of a transfer side by side", async () => {
    const customer = await addCustomer(test.db, { name: "Ana Rodríguez", phone: "+50688111111" });
    const one = await addIntent(test.db, { customerId: customer, amount: 1_500_000, createdAt: hoursAfter(-3) });
    const two = await addIntent(test.db, { customerId: customer, amount: 1_500_000, createdAt: hoursAfter(-2) });
    const ref = await addTransfer(test.db, { phone: "8811-1111", name: "ANA RODRIGUEZ", amount: 1_500_000 });
    await addTransfer(test.db, { name: "Otro", amount: 999_900, at: hoursAfter(-200) });
    await runReconciliation(test.db, "test");
    const page = (filters: Parameters<typeof listQueue>[1]["filters"], queue: "suggested" | "unmatched" = "suggested") =>
      listQueue(test.db, { mode: "test", queue, filters }).then((r) => r.rows.length);
    expect(await page({})).toBe(2);
    expect(await page({ sender: "ana rodriguez" })).toBe(2);
    expect(await page({ sender: "1111" })).toBe(2);
    expect(await page({ sender: "beto" })).toBe(0);
    expect(await page({ amountMin: 1_500_000, amountMax: 1_500_000 })).toBe(2);
    expect(await page({ amountMin: 1_500_001 })).toBe(0);
    expect(await page({ age: "over7d" }, "unmatched")).toBe(1);
    expect(await page({ age: "under1d" }, "unmatched")).toBe(0);
    const found = await transferReconciliation(test.db, "test", ref);
    const candidates = found!.matches.filter((m) => m.state === "suggested");
    expect(candidates.map((m) => m.paymentIntentId).sort()).toEqual([one, two].sort());
    expect(new Set(candidates.map((m) => m.score)).size).toBe(1);
    for (const m of candidates) expect(m.reasons).toContainEqual({ code: "several_candidates", count: 2 });
  });

  it("lists deferred payments oldest first with their suggestions and open money of their amount, until one is confirmed", async () => {
    const { pid, ref, matchId } = await suggestion({ amount: 700_000, phone: "+50688222222" });
    const stranger = await addTransfer(test.db, { name: "Alguien Más", phone: "6000-0000", amount: 700_000, at: hoursAfter(1) });
    const older = await addIntent(test.db, { amount: 123_400, createdAt: hoursAfter(-50) });
    const paid = await addIntent(test.db, { status: "succeeded", amount: 700_000 });
    const { total, rows } = await listDeferredIntents(test.db, "test");
    expect(total).toBe(2);
    expect(rows.map((r) => r.id)).toEqual([older, pid]);
    expect(rows.map((r) => r.id)).not.toContain(paid);
    expect(rows[1]!.candidates).toEqual([expect.objectContaining({ matchId, refs: [ref] })]);
    expect(rows[1]!.sameAmount.map((t) => t.ref)).toEqual([stranger]);
    expect((await decide(test.db, ana, "test", "confirm", { matchId }, es)).ok).toBe(true);
    expect((await listDeferredIntents(test.db, "test")).rows.map((r) => r.id)).toEqual([older]);
  });

  // Counting every processing intent took 639 ms at 1,000,000 intents: the panel counts up to the cap and says "more
  // than 1,000", in words that never pass for an exact figure.
  it("counts deferred payments up to 1,000 and says when there are more", async () => {
    const insertProcessing = (from: number, to: number) =>
      test.db.execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, metadata, created_at, last_event_at, synced_at)
        select 'test', 'pi_cap_' || lpad(g::text, 5, '0'), 'processing', 3, 100000 + g, 'CRC', '{}'::jsonb,
          ${hoursAfter(-100).toISOString()}::timestamptz + g * interval '1 minute', ${hoursAfter(-100).toISOString()}::timestamptz + g * interval '1 minute', now()
        from generate_series(${from}::int, ${to}::int) g`);
    await insertProcessing(1, 1_000);
    const exact = await listDeferredIntents(test.db, "test", { limit: 10 });
    expect({ total: exact.total, capped: exact.capped }).toEqual({ total: 1_000, capped: false });
    await insertProcessing(1_001, 1_001);
    const over = await listDeferredIntents(test.db, "test", { limit: 10 });
    expect({ total: over.total, capped: over.capped }).toEqual({ total: 1_000, capped: true });
    expect(over.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `pi_cap_${String(i + 1).padStart(5, "0")}`));
    for (const [locale, text] of [["es", "Los 10 más antiguos de más de 1 000 pagos esperando"], ["en", "The 10 oldest of more than 1,000 payments waiting"]] as const) {
      expect(translatorFor(locale)("reconciliation.deferred.showingOver", { shown: over.rows.length, count: over.total }).replace(/\s/g, " ")).toBe(text);
    }
  });
});
