import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listClosures, listLaterChanges, listPeriodPairs, overlappingClosures, periodFigures } from "@/db/queries/reconciliation-close";
import type { Db } from "@/db";
import type { Operator } from "@/db/schema";
import { addOperator } from "@/lib/operators";
import { freshTestDatabase } from "@/scripts/test/database";
import { acceptWithoutMatch, confirmSuggestion, matchByHand, rejectSuggestion, undoDecision } from "./decisions";
import { addUp, periodOf } from "./periods";
import { closePeriod, reopenPeriod } from "./periods-close";
import { addIntent, addTransfer, dayInEveryState, matchesOf, rowsTouched } from "./test-fixtures";

// Period close against real PostgreSQL: a day with a transfer in every state adds up, closing records who and the
// figures, only an admin closes, and a later decision inside the closed day needs a note and is flagged.

const test = freshTestDatabase();
const system = { operatorId: null, label: "test" };
const CR = "America/Costa_Rica";
const DAY = periodOf("day", "2026-11-18", CR); // T0 (15:00 UTC) is 09:00 that day in Costa Rica
let ana: Operator;
let olga: Operator;
let vera: Operator;

beforeAll(async () => {
  ana = (await addOperator(test.db, { email: "ana@example.cr", name: "Ana Admin", role: "admin" }, system)).operator;
  olga = (await addOperator(test.db, { email: "olga@example.cr", name: "Olga Operadora", role: "operator" }, system)).operator;
  vera = (await addOperator(test.db, { email: "vera@example.cr", name: "Vera Viewer", role: "viewer" }, system)).operator;
});
beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_closures, reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
  await test.db.execute(sql`delete from audit_log where subject_type in ('reconciliation_match', 'reconciliation_closure')`);
});

const scope = { mode: "test" as const, currency: "CRC", start: DAY.start, end: DAY.end };

describe("a day's figures", () => {
  it("counts every transfer once, and they add up to the céntimo", async () => {
    await dayInEveryState(test.db, olga);
    const figures = await periodFigures(test.db, scope);
    expect(figures).toEqual({
      received: { count: 6, amount: 1_000_000 + 1_500_000 + 2_250_050 + 730_000 + 300_000 + 125_025 },
      confirmed: { count: 2, amount: 2_500_000 },
      accepted: { count: 1, amount: 300_000 },
      suggested: { count: 1, amount: 2_250_050 },
      unmatched: { count: 2, amount: 730_000 + 125_025 },
    });
    expect(addUp(figures).addsUp).toBe(true);
  });

  it("a transfer the service linked but the rules have not seen yet shows as a difference", async () => {
    await dayInEveryState(test.db, olga);
    const pid = await addIntent(test.db, { amount: 77_700, status: "succeeded" });
    const late = await addTransfer(test.db, { amount: 77_700, paymentIntentId: pid });
    const result = addUp(await periodFigures(test.db, scope));
    expect(result).toMatchObject({ addsUp: false, difference: { count: 1, amount: 77_700 } });
    const pairs = await listPeriodPairs(test.db, scope);
    expect(pairs.find((p) => p.ref === late)).toMatchObject({ status: "unaccounted" });
  });

  it("lists the period's pairs for the accountant, page by page", async () => {
    const { confirmed, accepted } = await dayInEveryState(test.db, olga);
    const first = await listPeriodPairs(test.db, scope, { limit: 4 });
    const rest = await listPeriodPairs(test.db, scope, { limit: 4, after: { at: first.at(-1)!.paidAt.toISOString(), ref: first.at(-1)!.ref } });
    const all = [...first, ...rest];
    expect(all).toHaveLength(6);
    expect(all.find((p) => p.ref === confirmed.ref)).toMatchObject({ status: "confirmed", paymentIntentId: confirmed.pid, rule: "amount_and_sender", decidedBy: "Olga Operadora" });
    expect(all.find((p) => p.ref === accepted)).toMatchObject({ status: "accepted_unmatched", paymentIntentId: null, note: "Donación" });
  });
});

describe("closing a period", () => {
  it("records who closed it, when, and its figures; the same period cannot be closed twice", async () => {
    await dayInEveryState(test.db, olga);
    const result = await closePeriod(test.db, ana, { mode: "test", kind: "day", date: "2026-11-18", currency: "crc" }, CR);
    expect(result.ok).toBe(true);
    const [closure] = await listClosures(test.db, { mode: "test", currency: "CRC", kind: "day", fromDay: "2026-11-18" });
    expect(closure).toMatchObject({ closedBy: { name: "Ana Admin" }, startsAt: DAY.start, endsAt: DAY.end, reopenedAt: null, figures: { received: { count: 6 } } });
    const [audit] = await test.db.execute(sql`select action, actor, subject_id from audit_log where subject_type = 'reconciliation_closure'`);
    expect(audit).toEqual({ action: "reconciliation.period_closed", actor: "ana@example.cr", subject_id: String(closure!.id) });
    expect(await closePeriod(test.db, ana, { mode: "test", kind: "day", date: "2026-11-18", currency: "CRC" }, CR)).toEqual({ ok: false, error: "already_closed" });
  });

  it("refuses operators and viewers, and an admin demoted since signing in", async () => {
    const input = { mode: "test", kind: "day", date: "2026-11-18", currency: "CRC" };
    expect(await closePeriod(test.db, vera, input, CR)).toEqual({ ok: false, error: "forbidden" });
    expect(await closePeriod(test.db, olga, input, CR)).toEqual({ ok: false, error: "forbidden" });
    expect(await closePeriod(test.db, { ...olga, role: "admin" }, input, CR)).toEqual({ ok: false, error: "forbidden" });
    expect(await closePeriod(test.db, ana, { ...input, date: "2026-02-30" }, CR)).toEqual({ ok: false, error: "invalid_input", fields: ["date"] });
    // Year 10000 past a week's Sunday was a 500 (PostgreSQL and toISOString refuse it); year 50 read as 1950.
    for (const [kind, date] of [["week", "9999-12-31"], ["day", "9999-12-31"], ["month", "9999-12-31"], ["day", "0050-01-01"]]) {
      expect(await closePeriod(test.db, ana, { ...input, kind, date }, CR), `${kind} ${date}`).toEqual({ ok: false, error: "invalid_input", fields: ["date"] });
    }
    expect(await listClosures(test.db, { mode: "test", currency: "CRC", kind: "day", fromDay: "2026-11-18" })).toEqual([]);
  });
});

describe("a decision inside a closed period", () => {
  it("without a note is refused before it writes anything, whatever the decision; with a note it goes through, flagged", async () => {
    const { confirmed, suggested, stray } = await dayInEveryState(test.db, olga);
    const closureId = ((await closePeriod(test.db, ana, { mode: "test", kind: "day", date: "2026-11-18", currency: "CRC" }, CR)) as { closureId: number }).closureId;
    const matches = await matchesOf(test.db);
    const suggestionId = matches.find((m) => m.refs.includes(suggested.ref) && m.state === "suggested")!.id;
    const confirmedId = matches.find((m) => m.refs.includes(confirmed.ref) && m.state === "confirmed")!.id;
    const auditsBefore = await test.db.execute(sql`select id from audit_log where subject_type = 'reconciliation_match'`);
    const refusals = {
      confirm: (db: Db) => confirmSuggestion(db, olga, { mode: "test", matchId: suggestionId }),
      reject: (db: Db) => rejectSuggestion(db, olga, { mode: "test", matchId: suggestionId, note: "  " }),
      match: (db: Db) => matchByHand(db, olga, { mode: "test", refs: [stray], paymentIntentId: suggested.pid }),
      undo: (db: Db) => undoDecision(db, olga, { mode: "test", matchId: confirmedId }),
    };
    for (const [kind, refused] of Object.entries(refusals)) {
      const { result, touched } = await rowsTouched(test.db, refused);
      expect(result, kind).toMatchObject({ ok: false, error: "closed_period" });
      expect(touched, `${kind}: rows written, even rolled back`).toBe(0);
    }
    expect(await matchesOf(test.db)).toEqual(matches);
    expect(await test.db.execute(sql`select id from audit_log where subject_type = 'reconciliation_match'`)).toEqual(auditsBefore);

    // The same decisions with a note: done, each flagged on its audit row and listed as a change after the close.
    expect(await confirmSuggestion(test.db, olga, { mode: "test", matchId: suggestionId, note: "Comprobante llegó tarde" })).toEqual({ ok: true, matchId: suggestionId });
    const byHand = await matchByHand(test.db, olga, { mode: "test", refs: [stray], paymentIntentId: (await addIntent(test.db, { amount: 125_025 })), note: "Pago de un pedido viejo" });
    expect(byHand.ok).toBe(true);
    const changes = await listLaterChanges(test.db, "test", closureId);
    expect(changes.map((c) => [c.action, c.note])).toEqual([
      ["reconciliation.matched_by_hand", "Pago de un pedido viejo"],
      ["reconciliation.confirmed", "Comprobante llegó tarde"],
    ]);
    const flags = await test.db.execute<{ flag: number[] }>(sql`select after->'inClosedPeriods' as flag from audit_log where subject_type = 'reconciliation_match' and id > ${auditsBefore.at(-1)!.id as number}`);
    expect(flags.map((f) => f.flag)).toEqual([[closureId], [closureId]]);
  });

  it("needs a note, is flagged on its audit row, and shows as a later change", async () => {
    const { confirmed, stray } = await dayInEveryState(test.db, olga);
    const closed = await closePeriod(test.db, ana, { mode: "test", kind: "day", date: "2026-11-18", currency: "CRC" }, CR);
    const closureId = (closed as { closureId: number }).closureId;
    const matchId = (await matchesOf(test.db)).find((m) => m.refs.includes(confirmed.ref) && m.state === "confirmed")!.id;

    expect(await undoDecision(test.db, olga, { mode: "test", matchId })).toMatchObject({ ok: false, error: "closed_period" });
    expect((await matchesOf(test.db)).find((m) => m.id === matchId)!.state).toBe("confirmed");
    expect(await undoDecision(test.db, olga, { mode: "test", matchId, note: "Cliente pidió corregir" })).toEqual({ ok: true, matchId });

    const changes = await listLaterChanges(test.db, "test", closureId);
    expect(changes).toMatchObject([{ action: "reconciliation.undone", actor: "olga@example.cr", matchId, note: "Cliente pidió corregir", refs: [confirmed.ref] }]);
    // Accepting needs a note anyway; inside the closed day it is flagged too.
    expect((await acceptWithoutMatch(test.db, olga, { mode: "test", ref: stray, note: "Depósito" })).ok).toBe(true);
    expect((await listLaterChanges(test.db, "test", closureId)).map((c) => c.action)).toEqual(["reconciliation.accepted_unmatched", "reconciliation.undone"]);
  });

  it("leaves other days, other currencies and reopened periods alone", async () => {
    const { confirmed } = await dayInEveryState(test.db, olga);
    const closed = await closePeriod(test.db, ana, { mode: "test", kind: "day", date: "2026-11-18", currency: "USD" }, CR);
    expect(closed.ok).toBe(true);
    const matchId = (await matchesOf(test.db)).find((m) => m.refs.includes(confirmed.ref) && m.state === "confirmed")!.id;
    const crc = await closePeriod(test.db, ana, { mode: "test", kind: "week", date: "2026-11-18", currency: "CRC" }, CR);
    const weekId = (crc as { closureId: number }).closureId;
    // The day's own page names the closed week around it.
    expect(await overlappingClosures(test.db, { ...scope, kind: "day" })).toMatchObject([{ id: weekId, kind: "week", fromDay: "2026-11-16", toDay: "2026-11-22" }]);
    expect(await reopenPeriod(test.db, olga, { mode: "test", closureId: weekId, note: "x" })).toEqual({ ok: false, error: "forbidden" });
    expect(await reopenPeriod(test.db, ana, { mode: "test", closureId: weekId, note: " " })).toMatchObject({ ok: false, error: "invalid_input" });
    expect(await reopenPeriod(test.db, ana, { mode: "test", closureId: weekId, note: "Faltaba un depósito" })).toEqual({ ok: true, closureId: weekId });
    expect(await undoDecision(test.db, olga, { mode: "test", matchId })).toEqual({ ok: true, matchId });
    expect(await listLaterChanges(test.db, "test", weekId)).toEqual([]);
    const [week] = await listClosures(test.db, { mode: "test", currency: "CRC", kind: "week", fromDay: "2026-11-16" });
    expect(week).toMatchObject({ reopenedBy: { name: "Ana Admin" }, reopenNote: "Faltaba un depósito" });
  });
});
