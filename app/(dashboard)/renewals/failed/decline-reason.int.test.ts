import { describe, expect, it } from "vitest";
import { listRenewalFailures } from "@/db/queries/renewal-failures";
import en from "@/lib/i18n/messages/en";
import es from "@/lib/i18n/messages/es";
import { getPaymentIntent } from "@/lib/payments";
import { runSync } from "@/lib/sync/run";
import { sandboxClient, sandboxForTheseTests } from "@/lib/sync/test-support";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { freshTestDatabase } from "@/scripts/test/database";
import { exportCsv } from "@/scripts/test/export-csv";

// A failed renewal's decline reason from this app's own copy, not from a call per row: the sandbox's `renewal-failed`
// scenario over HTTP, its failure event through the real ingestion, a real sync of the intents, then the list's query
// and its CSV in both languages (real PostgreSQL).

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

const context = () => ({ mode: "test" as const, timeZone: "America/Costa_Rica", client: () => sandboxClient(sandbox.current, "test"), db: () => test.db });

describe("a failed renewal's decline reason", () => {
  it("comes from the synced intent: on the list's row, and in the CSV in the page's words and as a code, in both languages", async () => {
    const run = await fetch(`${sandbox.current.url}/_sandbox/scenarios/renewal-failed?mode=test`, { method: "POST" });
    expect(run.status).toBe(201);
    const { created } = (await run.json()) as { created: { subscriptionId: string; paymentIntentId: string } };
    // The failure event the sandbox sent, received as the webhook route does: it carries no reason.
    await receiveDelivery(test.db, "test", sandbox.current.webhooks.last("test")!.body);
    const decline = (await getPaymentIntent(sandboxClient(sandbox.current, "test"), created.paymentIntentId)) as { lastPaymentError?: { reason: string; declineCode: string } };
    const { reason, declineCode } = decline.lastPaymentError!;
    expect(reason && declineCode).toBeTruthy();

    const rowOf = async () => (await listRenewalFailures(test.db, { mode: "test" }, { limit: 50 })).items.find((row) => row.paymentIntentId === created.paymentIntentId);
    expect(await rowOf()).toMatchObject({ subscriptionId: created.subscriptionId, declineReason: null, declineCode: null });

    const synced = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource: "payments" });
    expect(synced.error).toBeUndefined();
    expect(await rowOf()).toMatchObject({ declineReason: reason, declineCode });

    for (const [locale, words] of [["es", es], ["en", en]] as const) {
      const { header, rows } = await exportCsv("failedRenewals", context(), { locale });
      const reasonAt = header.indexOf(words.failedRenewals.export.declineReason);
      const codeAt = header.indexOf(words.failedRenewals.export.declineCode);
      expect(reasonAt, locale).toBeGreaterThan(-1);
      expect(codeAt, locale).toBe(reasonAt + 1);
      const row = rows.find((cells) => cells.includes(created.paymentIntentId))!;
      expect(row[reasonAt], locale).toBe(words.paymentErrors.decline[reason as keyof typeof words.paymentErrors.decline]);
      expect(row[codeAt], locale).toBe(declineCode);
    }
  });
});
