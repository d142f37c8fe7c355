import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database } from "@/db";
import { exportLeases } from "@/db/schema";
import { addOperator } from "@/lib/operators";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { succeeded } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseOnly, listExport } from "@/scripts/test/export-csv";
import { holdExportLease } from "@/lib/export/lease";

// One export at a time per operator, on real PostgreSQL, with two connection pools standing for two app instances.
// The events export reads the database only, so no Payment Service is needed to hold one open.

const test = freshTestDatabase();
let other: { db: Database; end: () => Promise<void> };
const ids = { ana: "", beto: "" };

function startExport(db: Database, operatorId: string, locale: "es" | "en" = "es") {
  return listExport("events", databaseOnly(db), { locale, operator: { id: operatorId, email: `${operatorId}@example.com` } });
}

/** Cancels an export as a browser that goes away does, and waits for the release that follows it. */
async function cancel(response: Response, operatorId: string) {
  await response.body?.cancel();
  for (let tries = 0; tries < 40; tries++) {
    if ((await test.db.select().from(exportLeases).where(eq(exportLeases.operatorId, operatorId))).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the cancelled export kept its lease");
}

beforeAll(async () => {
  const { db, client } = connectDatabase(test.url, { max: 4 });
  other = { db, end: () => client.end() };
  const actor = { operatorId: null, label: "cli:test" };
  ids.ana = (await addOperator(test.db, { email: "ana@example.com", name: "Ana", role: "viewer" }, actor)).operator.id;
  ids.beto = (await addOperator(test.db, { email: "beto@example.com", name: "Beto", role: "viewer" }, actor)).operator.id;
  for (let i = 0; i < 250; i++) await receiveDelivery(test.db, "test", JSON.stringify(succeeded(`pi_lease_${i}`)));
});
afterAll(() => other.end());

describe("one export at a time per operator", () => {
  it("refuses a second export of the same operator on another instance with 429 and a translated message, not another operator's", async () => {
    const first = await startExport(test.db, ids.ana);
    expect(first.status).toBe(200);

    const second = await startExport(other.db, ids.ana, "en");
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("10");
    expect(await second.json()).toEqual({
      error: "busy",
      messageKey: "exportCsv.errors.busy",
      message: expect.stringMatching(/^You already have another export running/),
    });
    const beto = await startExport(other.db, ids.beto);
    expect(beto.status).toBe(200);
    await cancel(beto, ids.beto);

    // Read to its end, the first export frees Ana at once.
    expect((await first.text()).split("\n").length).toBeGreaterThan(250);
    const third = await startExport(other.db, ids.ana);
    expect(third.status).toBe(200);
    await cancel(third, ids.ana);
  });

  it("frees the operator when the export is cancelled (the browser went away)", async () => {
    const first = await startExport(test.db, ids.ana);
    expect(first.status).toBe(200);
    await cancel(first, ids.ana);
    const next = await startExport(other.db, ids.ana);
    expect(next.status).toBe(200);
    await cancel(next, ids.ana);
  });

  it("grants exactly one of eight exports asked for at the same moment across two instances", async () => {
    await test.db.delete(exportLeases);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => startExport(i % 2 ? other.db : test.db, ids.beto)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    await Promise.all(answers.map((r) => r.body?.cancel()));
  });

  it("does not hold an operator for ever after a crashed export: a lapsed lease is taken over", async () => {
    await test.db.delete(exportLeases);
    // What a process killed mid-export leaves behind: a lease nobody renews.
    await test.db.insert(exportLeases).values({ operatorId: ids.ana, leaseId: crypto.randomUUID(), list: "payments", expiresAt: sql`now() + interval '1 minute'` });
    expect((await startExport(test.db, ids.ana)).status).toBe(429);
    await test.db.update(exportLeases).set({ expiresAt: sql`now() - interval '1 second'` });
    const after = await startExport(test.db, ids.ana);
    expect(after.status).toBe(200);
    await cancel(after, ids.ana);
  });

  it("is renewed while its export asks for pages, and lapses once it stops (a reader that stalled)", async () => {
    await test.db.delete(exportLeases);
    const timing = { ttlMs: 600, renewEveryMs: 150 };
    const moving = await holdExportLease(test.db, ids.ana, "payments", timing);
    const stalled = await holdExportLease(other.db, ids.beto, "payments", timing);
    expect(moving && stalled).toBeTruthy();
    for (let i = 0; i < 10; i++) {
      moving!.touch();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // 1.5 s on: Ana's export kept asking and still holds her lease; Beto's stalled and his lapsed.
    expect(await holdExportLease(test.db, ids.ana, "payments", timing)).toBeNull();
    const next = await holdExportLease(test.db, ids.beto, "payments", timing);
    expect(next).not.toBeNull();
    await Promise.all([moving!.release(), stalled!.release(), next!.release()]);
  });
});
