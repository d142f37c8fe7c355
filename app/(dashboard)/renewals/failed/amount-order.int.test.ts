import { describe, expect, it } from "vitest";
import { compareCurrencies } from "@/lib/format/currency-order";
import { upsertSyncedRows } from "@/db/queries/sync";
import { renewalRow } from "@/lib/sync/transforms";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseOnly } from "@/scripts/test/export-csv";
import { failedRenewalsList } from "./list";
import { failedRenewalsSource } from "./source";

// The "amount" order of the failed-renewals list over real deliveries and a real sync (PostgreSQL): céntimos are never
// compared with cents. Open failures come first, grouped by currency in the app's order (compareCurrencies: colones,
// dollars, the rest by code), largest first within each, an unknown amount last in its currency; recovered ones after
// all of them. Walked page by page through the list's own source and cursors, no row is skipped or repeated.

const test = freshTestDatabase();

type Failure = { subscriptionId: string; currency: string; amount: number | null; status?: "open" | "uncollectible" | "paid" };

// Colones from ₡5 000 up, dollars up to $570 (the probe's rows), equal amounts to tie, a currency after them, an open
// failure not synced yet (no amount), an exhausted one, and recovered ones that are larger than anything open.
const FAILURES: Failure[] = [
  { subscriptionId: "sub_crc_5k_a", currency: "CRC", amount: 500_000 },
  { subscriptionId: "sub_usd_570_a", currency: "USD", amount: 57_000 },
  { subscriptionId: "sub_crc_20k_a", currency: "CRC", amount: 2_000_000 },
  { subscriptionId: "sub_gtq", currency: "GTQ", amount: 90_000_000 },
  { subscriptionId: "sub_usd_10", currency: "USD", amount: 1_000 },
  { subscriptionId: "sub_crc_5k_b", currency: "CRC", amount: 500_000 },
  { subscriptionId: "sub_crc_unknown", currency: "CRC", amount: null },
  { subscriptionId: "sub_usd_570_b", currency: "USD", amount: 57_000 },
  { subscriptionId: "sub_crc_900k", currency: "CRC", amount: 90_000_000 },
  { subscriptionId: "sub_crc_20k_b", currency: "CRC", amount: 2_000_000, status: "uncollectible" },
  { subscriptionId: "sub_aud", currency: "AUD", amount: 300 },
  { subscriptionId: "sub_usd_unknown", currency: "USD", amount: null },
  { subscriptionId: "sub_usd_back", currency: "USD", amount: 999_999, status: "paid" },
  { subscriptionId: "sub_crc_back", currency: "CRC", amount: 99_000_000, status: "paid" },
];

async function store(failure: Failure) {
  const event = renewalFailed(failure.subscriptionId, 1, failure.status === "uncollectible" ? "uncollectible" : "open");
  const result = await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, currency: failure.currency } }));
  expect(result.status).toBe("processed");
  if (failure.amount === null) return;
  const renewal = renewalRow(
    {
      id: `inv_${failure.subscriptionId}`,
      status: failure.status ?? "open",
      subscriptionId: failure.subscriptionId,
      customerId: "cus_ana",
      paymentIntentId: "",
      currency: failure.currency,
      total: failure.amount,
      periodStart: event.data.invoicePeriodStart,
      periodEnd: event.data.invoicePeriodEnd,
      attemptCount: 1,
      nextPaymentAttempt: null,
      createdAt: event.data.invoicePeriodStart,
    } as never,
    "test",
    "2026-11-03T12:00:00.000Z",
  );
  await upsertSyncedRows(test.db, "renewals", [renewal]);
}

/** The order the page promises, from the app's own currency order: what the SQL must agree with. */
function expectedOrder(rows: (Failure & { id: number })[]) {
  const recovered = (row: Failure) => (row.status === "paid" ? 1 : 0);
  return [...rows]
    .sort(
      (a, b) =>
        recovered(a) - recovered(b) ||
        compareCurrencies(a.currency, b.currency) ||
        (a.amount === null ? 1 : 0) - (b.amount === null ? 1 : 0) ||
        (b.amount ?? 0) - (a.amount ?? 0) ||
        b.id - a.id,
    )
    .map((row) => row.subscriptionId);
}

/** Every page of the list in the amount order, following the Next cursor as the table does. */
async function walk(limit: number, query: Record<string, string> = {}) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const state = failedRenewalsList.parse({ sort: "amount", limit: String(limit), ...query, ...(cursor && { startingAfter: cursor }) });
    const result = await failedRenewalsSource.fetchPage({ ...databaseOnly(test.db), counting: false }, state);
    seen.push(...result.items.map((row) => row.subscriptionId));
    if (!result.next) return seen;
    cursor = result.next;
  }
  throw new Error("the pages never ended");
}

describe("the failed renewals' amount order", () => {
  it("groups by currency in the app's order, largest first within each, recovered last; pages neither skip nor repeat a row", async () => {
    for (const failure of FAILURES) await store(failure);
    const ids = new Map((await test.db.query.renewalFailures.findMany({ columns: { id: true, subscriptionId: true } })).map((row) => [row.subscriptionId, row.id]));
    const expected = expectedOrder(FAILURES.map((failure) => ({ ...failure, id: ids.get(failure.subscriptionId)! })));

    const all = await walk(100);
    expect(all).toEqual(expected);
    // The probe's complaint: ₡5 000 ranked above $570. Every colón row still comes first (the app's order), but a
    // dollar row is never below a smaller colón amount for being in cents: the two are never compared.
    expect(all.slice(0, 6)).toEqual(["sub_crc_900k", "sub_crc_20k_b", "sub_crc_20k_a", "sub_crc_5k_b", "sub_crc_5k_a", "sub_crc_unknown"].sort((a, b) => expected.indexOf(a) - expected.indexOf(b)));
    expect(all.slice(6, 10).every((id) => id.startsWith("sub_usd_"))).toBe(true);
    expect(all.slice(-2).sort()).toEqual(["sub_crc_back", "sub_usd_back"]);

    for (const limit of [1, 2, 3, 5]) expect(await walk(limit), `pages of ${limit}`).toEqual(expected);
    // Filtered to one currency or state, the same order, paged the same.
    expect(await walk(2, { currency: "USD" })).toEqual(expected.filter((id) => FAILURES.find((f) => f.subscriptionId === id)!.currency === "USD"));
    expect(await walk(2, { state: "retrying" })).toEqual(expected.filter((id) => !/_back$|_20k_b$/.test(id)));
  });
});
