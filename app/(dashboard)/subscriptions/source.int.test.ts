import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en";
import es from "@/lib/i18n/messages/es";
import { getCustomer } from "@/lib/payments";
import { runSync } from "@/lib/sync/run";
import { sandboxClient, sandboxForTheseTests } from "@/lib/sync/test-support";
import { freshTestDatabase } from "@/scripts/test/database";
import { exportCsv } from "@/scripts/test/export-csv";
import { subscriptionsList } from "./list";
import { toSubscriptionRow } from "./rows";
import { subscriptionsSource } from "./source";

// Whose subscription each row is: the sandbox's subscriptions over HTTP, their customers from a real sync into real
// PostgreSQL. Before the customers are synced a row keeps the id; after, it has the name and e-mail, on the page and
// in the CSV in both languages.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();
const context = () => ({ mode: "test" as const, timeZone: "America/Costa_Rica", client: () => sandboxClient(sandbox.current, "test"), db: () => test.db });

async function pageRows() {
  const page = await subscriptionsSource.fetchPage({ ...context(), counting: false }, subscriptionsList.parse(new URLSearchParams({ limit: "25" })));
  return page.items.map(toSubscriptionRow);
}

describe("the subscriptions list's customer", () => {
  it("is the id until the customer is synced, then the synced name and e-mail, on the page and in the CSV", async () => {
    const before = (await pageRows()).filter((row) => row.customerId);
    expect(before.length).toBeGreaterThan(0);
    for (const row of before) expect(row.customerName ?? row.customerEmail).toBeUndefined();

    const synced = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource: "customers" });
    expect(synced.error).toBeUndefined();

    const after = (await pageRows()).filter((row) => row.customerId);
    const row = after.find((candidate) => candidate.customerName)!;
    expect(row, "a subscription whose synced customer has a name").toBeDefined();
    const customer = await getCustomer(sandboxClient(sandbox.current, "test"), row.customerId!);
    expect(row).toMatchObject({ customerName: customer.name, customerEmail: customer.email ?? undefined });
    // The same subscriptions, the same ids: the name is added, the id is kept.
    expect(after.map((r) => r.customerId)).toEqual(before.map((r) => r.customerId));

    for (const [locale, words] of [["es", es], ["en", en]] as const) {
      const { header, rows } = await exportCsv("subscriptions", context(), { locale });
      const nameAt = header.indexOf(words.exportCsv.columns.customerName);
      const idAt = header.indexOf(words.exportCsv.columns.customerId);
      expect(nameAt, locale).toBeGreaterThan(-1);
      const line = rows.find((cells) => cells.includes(row.id))!;
      expect(line[nameAt], locale).toBe(customer.name);
      expect(line[idAt], locale).toBe(row.customerId);
    }
  });
});
