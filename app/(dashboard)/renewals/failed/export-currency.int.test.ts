import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed, renewalSucceeded } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseOnly, exportCsv } from "@/scripts/test/export-csv";

// The failed-renewals CSV of rows born from webhooks, before any sync (real ingestion and export, PostgreSQL): the
// currency the failure event names is written even while the amount is unknown, and a recovery's total is the amount.

const test = freshTestDatabase();
const send = (event: { type: string; data: object }, data: Record<string, unknown>) =>
  receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, ...data } }));

describe("the failed renewals' CSV before a sync", () => {
  it("names the currency of a failure whose amount is not known yet, and the amount a recovery gave", async () => {
    await send(renewalFailed("sub_unpriced"), { currency: "USD" });
    await send(renewalFailed("sub_recovered"), { currency: "CRC" });
    await send(renewalSucceeded("sub_recovered"), { currency: "CRC", total: 1_250_000 });

    for (const [locale, amount, currency] of [["es", "Monto", "Moneda"], ["en", "Amount", "Currency"]] as const) {
      const { header, rows } = await exportCsv("failedRenewals", databaseOnly(test.db), { locale });
      const cell = (row: string[], name: string) => row[header.indexOf(name)];
      const bySubscription = (id: string) => rows.find((row) => row.includes(id))!;
      expect(header.filter((name) => name === amount || name === currency), locale).toEqual([amount, currency]);
      expect([cell(bySubscription("sub_unpriced"), amount), cell(bySubscription("sub_unpriced"), currency)], locale).toEqual(["", "USD"]);
      expect([cell(bySubscription("sub_recovered"), amount), cell(bySubscription("sub_recovered"), currency)], locale).toEqual(["12500.00", "CRC"]);
    }
  });
});
