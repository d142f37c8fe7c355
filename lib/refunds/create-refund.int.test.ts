import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertSyncedRows } from "@/db/queries/sync";
import { auditLog, operators, paymentIntents, refundRequests, type Operator } from "@/db/schema";
import { intentRow } from "@/lib/sync/transforms";
import { toMajorInput } from "@/lib/format/parse-money";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { getPaymentIntent } from "@/lib/payments/payment-intents";
import type { PaymentIntent } from "@/lib/payments/schemas";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";
import { freshTestDatabase } from "@/scripts/test/database";
import { succeededToday } from "@/scripts/test/overview-figures";
import { refundPayment } from "./create-refund";
import { refundedOf } from "./remaining";

// The refund as the action runs it, against the real sandbox over HTTP and a real PostgreSQL: what the service did,
// what the audit log says, and that nothing else moved.

const test = freshTestDatabase();
const KEY = "svc_test_secret_key_refund_int";
let sandbox: RunningSandbox;
// How long the sandbox takes to answer a refund POST: long enough, when set, for a second request to arrive meanwhile.
let refundLatencyMs = 0;
let client: PaymentClient;
const people = {} as Record<"operator" | "viewer" | "admin", Operator>;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: "refunds",
    scale: 0.05,
    now: new Date("2026-11-01T12:00:00.000Z"),
    dataDir: null,
    keys: { secret: { test: KEY, live: "svc_live_secret_key_refund_int" }, publishable: { test: "svc_test_publishable_key_r", live: "svc_live_publishable_key_r" } },
    webhooks: {},
    latencyMs: (method, pathname) => (method === "POST" && pathname === "/v1/refunds" ? refundLatencyMs : 0),
  });
  client = createPaymentClient({ baseUrl: sandbox.url, secretKey: KEY, logger: () => {} });
  for (const role of ["operator", "viewer", "admin"] as const) {
    const [row] = await test.db.insert(operators).values({ email: `${role}@example.com`, name: role, passwordHash: "x", role }).returning();
    people[role] = row!;
  }
}, 60_000);
afterAll(() => sandbox?.stop());

/** A fresh succeeded card payment, made by the sandbox's own scenario. */
async function paidIntent(): Promise<PaymentIntent> {
  const response = await fetch(`${sandbox.url}/_sandbox/scenarios/payment-succeeded?mode=test`, { method: "POST" });
  const { created } = (await response.json()) as { created: { paymentIntentId: string } };
  return getPaymentIntent(client, created.paymentIntentId);
}

const context = (who: keyof typeof people, over: Partial<Parameters<typeof refundPayment>[0]> = {}) => ({ db: test.db, client, mode: "test" as const, actor: people[who], ...over });
const form = (intent: PaymentIntent, amount: number, extra: object = {}) => ({
  paymentIntentId: intent.id,
  currency: intent.currency.toUpperCase(),
  amount: toMajorInput(amount, intent.currency, "es-CR"),
  reason: "requested_by_customer",
  description: "",
  requestKey: randomUUID(),
  ...extra,
});
const auditOf = (intentId: string) =>
  test.db.select().from(auditLog).where(and(eq(auditLog.subjectType, "payment_intent"), eq(auditLog.subjectId, intentId))).orderBy(auditLog.id);
const refundsOf = (intentId: string) => sandbox.store.collection("test", "refunds").all().filter((refund) => refund.paymentIntentId === intentId);

describe("refundPayment", () => {
  it("refunds part of a succeeded payment and audits who did it, before and after", async () => {
    const intent = await paidIntent();
    const part = Math.floor(intent.amount / 4);
    const result = await refundPayment(context("operator"), form(intent, part, { description: "  Producto dañado " }));

    expect(result).toMatchObject({ ok: true, refund: { amount: part, currency: intent.currency.toUpperCase() }, audited: true });
    const after = await getPaymentIntent(client, intent.id);
    expect(refundedOf(after)).toBe(part);
    expect(after.status).toBe("succeeded");
    const [row, ...others] = await auditOf(intent.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      operatorId: people.operator.id,
      actor: "operator@example.com",
      action: "refund.create",
      mode: "test",
      before: { amount: intent.amount, amountRefunded: 0, status: "succeeded" },
      after: { amount: part, currency: intent.currency.toUpperCase(), reason: "requested_by_customer", description: "Producto dañado", refundId: result.ok ? result.refund.id : "?" },
    });
    expect(refundsOf(intent.id)).toHaveLength(1);
  });

  it("shows the service's refusal of more than remains on the amount, audits the refusal and changes nothing else", async () => {
    const intent = await paidIntent();
    await refundPayment(context("operator"), form(intent, 100));
    const auditRows = (await test.db.select().from(auditLog)).length;

    const result = await refundPayment(context("operator"), form(intent, intent.amount - 100 + 1));
    expect(result).toMatchObject({
      ok: false,
      error: "service",
      fieldErrors: { amount: "exceeds" },
      problem: { outcome: "refused", messageKey: "refund.errors.amountExceedsRemaining" },
    });
    const refused = (await auditOf(intent.id)).at(-1);
    expect(refused).toMatchObject({ action: "refund.refused", after: { amount: intent.amount - 99, error: { status: 400, code: "refunds.amount_exceeds_remaining" } } });
    expect((await test.db.select().from(auditLog)).length).toBe(auditRows + 1);
    expect(refundedOf(await getPaymentIntent(client, intent.id))).toBe(100);
    expect(refundsOf(intent.id)).toHaveLength(1);
  });

  it("refuses a viewer before anything is sent or written", async () => {
    const intent = await paidIntent();
    const result = await refundPayment(context("viewer"), form(intent, 100));
    expect(result).toEqual({ ok: false, error: "forbidden" });
    expect(await auditOf(intent.id)).toEqual([]);
    expect(refundedOf(await getPaymentIntent(client, intent.id))).toBe(0);
    expect(refundsOf(intent.id)).toEqual([]);
  });

  it("sends nothing for an amount it cannot read, or in another currency than the payment's", async () => {
    const intent = await paidIntent();
    const typed = await refundPayment(context("operator"), { ...form(intent, 100), amount: "12,345" });
    expect(typed).toEqual({ ok: false, error: "invalid_input", fieldErrors: { amount: "decimals" } });
    const other = await refundPayment(context("operator"), { ...form(intent, 100), currency: intent.currency.toUpperCase() === "USD" ? "CRC" : "USD" });
    expect(other).toEqual({ ok: false, error: "stale" });
    expect(await auditOf(intent.id)).toEqual([]);
    expect(refundsOf(intent.id)).toEqual([]);
  });

  it("says a refund whose answer was lost may have happened, and audits it as unconfirmed", async () => {
    const intent = await paidIntent();
    // The service gets the refund and makes it; its answer never comes back.
    const lossy = createPaymentClient({
      baseUrl: sandbox.url,
      secretKey: KEY,
      logger: () => {},
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (init?.method === "POST") throw new TypeError("fetch failed: connection reset");
        return response;
      },
    });
    const request = form(intent, 100);
    const result = await refundPayment(context("operator", { client: lossy }), request);
    expect(result).toMatchObject({ ok: false, error: "service", problem: { outcome: "unknown", messageKey: "refund.errors.unknownOutcome" } });
    expect((await auditOf(intent.id)).map((row) => row.action)).toEqual(["refund.unconfirmed"]);
    // And it did happen: what the operator is told to check before trying again.
    expect(refundsOf(intent.id)).toHaveLength(1);

    // Sent again once the connection is back (the form keeps its key when no answer came): no second refund.
    const retry = await refundPayment(context("operator"), request);
    expect(retry).toMatchObject({ ok: false, error: "already_submitted", first: { state: "failed", problem: { outcome: "unknown" } } });
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(await auditOf(intent.id)).toHaveLength(1);
  });
});

describe("the local copy after a refund", () => {
  const localRow = async (id: string) => (await test.db.select().from(paymentIntents).where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, id))))[0];
  it("a full refund takes the payment out of the Overview's succeeded at once: the intent is read back and written as the sync writes it", async () => {
    const intent = await paidIntent();
    // Copied while it was succeeded, as the sync copies it.
    await upsertSyncedRows(test.db, "payments", [intentRow(intent, "test", new Date().toISOString())]);
    const before = await succeededToday(test.db);
    expect((await localRow(intent.id))?.status).toBe("succeeded");

    const result = await refundPayment(context("operator"), form(intent, intent.amount));
    expect(result).toMatchObject({ ok: true });
    const upstream = await getPaymentIntent(client, intent.id);
    expect(upstream.status).toBe("refunded");
    expect(await localRow(intent.id)).toMatchObject({ status: "refunded", statusRank: 11, lastEventAt: new Date(upstream.updatedAt!) });
    expect(await succeededToday(test.db)).toBe(before - 1);
  });

  it("a partial refund leaves the copy succeeded, on the day it succeeded; a payment not copied yet is copied", async () => {
    const intent = await paidIntent();
    expect(await localRow(intent.id)).toBeUndefined();
    expect(await refundPayment(context("operator"), form(intent, 100))).toMatchObject({ ok: true });
    expect(await localRow(intent.id)).toMatchObject({ status: "succeeded", amount: intent.amount, lastEventAt: new Date(intent.createdAt) });
  });
});

/** A client that counts the calls it makes: a replay must make none. */
function countingClient() {
  const calls: string[] = [];
  const counted = createPaymentClient({
    baseUrl: sandbox.url,
    secretKey: KEY,
    logger: () => {},
    fetch: (url, init) => {
      calls.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
  });
  return { client: counted, calls };
}
const keyRow = async (key: string) => (await test.db.select().from(refundRequests).where(eq(refundRequests.key, key)))[0];

describe("refundPayment, once per form key", () => {
  it("makes one refund and one audit row of two identical requests sent together, and answers a replay with the first result", async () => {
    const intent = await paidIntent();
    const part = Math.floor(intent.amount / 4);
    const request = form(intent, part);
    refundLatencyMs = 300;
    const results = await Promise.all([refundPayment(context("operator"), request), refundPayment(context("operator"), request)]).finally(() => {
      refundLatencyMs = 0;
    });

    const made = results.filter((result) => result.ok);
    expect(made).toHaveLength(1);
    // The second arrived while the first was waiting for the service.
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, error: "already_submitted", first: { state: "in_flight" } });
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(refundedOf(await getPaymentIntent(client, intent.id))).toBe(part);
    expect((await auditOf(intent.id)).map((row) => row.action)).toEqual(["refund.create"]);

    const counting = countingClient();
    const replay = await refundPayment(context("operator", { client: counting.client }), request);
    expect(replay).toEqual({ ok: false, error: "already_submitted", first: { state: "done", refund: made[0]!.ok && made[0]!.refund, audited: true } });
    expect(counting.calls).toEqual([]);
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(await auditOf(intent.id)).toHaveLength(1);
    expect(await keyRow(request.requestKey)).toMatchObject({ replays: 2, paymentIntentId: intent.id, amount: part, operatorId: people.operator.id });
  });

  it("makes one refund of ten identical requests sent at once, with no delay to help", async () => {
    const intent = await paidIntent();
    const request = form(intent, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => refundPayment(context("operator"), request)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === "already_submitted")).toHaveLength(9);
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(await auditOf(intent.id)).toHaveLength(1);
  });

  it("answers a replay of a refused refund with the service's refusal, without asking again", async () => {
    const intent = await paidIntent();
    const request = form(intent, intent.amount + 1);
    const first = await refundPayment(context("operator"), request);
    expect(first).toMatchObject({ ok: false, error: "service", problem: { outcome: "refused", messageKey: "refund.errors.amountExceedsRemaining" } });
    const counting = countingClient();
    const replay = await refundPayment(context("operator", { client: counting.client }), request);
    expect(replay).toEqual({ ok: false, error: "already_submitted", first: { state: "failed", problem: !first.ok && "problem" in first ? first.problem : null } });
    expect(counting.calls).toEqual([]);
    expect((await auditOf(intent.id)).map((row) => row.action)).toEqual(["refund.refused"]);
  });

  it("refuses a used key for any other refund: another amount, reason, payment, operator or mode", async () => {
    const intent = await paidIntent();
    const other = await paidIntent();
    const request = form(intent, 100);
    expect(await refundPayment(context("operator"), request)).toMatchObject({ ok: true });
    const reused = [
      refundPayment(context("operator"), { ...request, amount: toMajorInput(200, intent.currency, "es-CR") }),
      refundPayment(context("operator"), { ...request, reason: "duplicate" }),
      refundPayment(context("operator"), { ...request, description: "otro" }),
      refundPayment(context("operator"), { ...form(other, 100), requestKey: request.requestKey }),
      refundPayment(context("admin"), request),
      refundPayment(context("operator", { mode: "live" }), request),
    ];
    for (const result of await Promise.all(reused)) expect(result).toEqual({ ok: false, error: "key_reused" });
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(refundsOf(other.id)).toEqual([]);
    expect(await auditOf(intent.id)).toHaveLength(1);
    expect(await auditOf(other.id)).toEqual([]);
  });

  it("keeps the key free when the request is refused before the service is asked, and refuses a key that is not a UUID", async () => {
    const intent = await paidIntent();
    const request = form(intent, 100);
    const otherCurrency = intent.currency.toUpperCase() === "USD" ? "CRC" : "USD";
    expect(await refundPayment(context("operator"), { ...request, currency: otherCurrency })).toEqual({ ok: false, error: "stale" });
    expect(await refundPayment(context("operator"), { ...request, amount: "abc" })).toMatchObject({ ok: false, error: "invalid_input" });
    expect(await keyRow(request.requestKey)).toBeUndefined();
    // The corrected form, with the same key, goes through.
    expect(await refundPayment(context("operator"), request)).toMatchObject({ ok: true, refund: { amount: 100 } });

    for (const requestKey of ["", "not-a-key", "00000000-0000-0000-0000-00000000000g", undefined]) {
      expect(await refundPayment(context("operator"), { ...form(intent, 100), requestKey })).toEqual({ ok: false, error: "invalid_input" });
    }
    expect(refundsOf(intent.id)).toHaveLength(1);
  });
});
