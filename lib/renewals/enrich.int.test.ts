import { describe, expect, it } from "vitest";
import { getPaymentIntent, listPaymentMethods } from "@/lib/payments";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { CARD_DECLINE_REASONS } from "@/lib/payments/schemas/errors";
import { sandboxClient, sandboxForTheseTests } from "@/lib/sync/test-support";
import { enrichFailures } from "./enrich";

// What the page asks the service about its rows, against the sandbox over HTTP: the declined attempt's reason (from
// its intent) and the card it charged, with its expiry; an id the service does not know leaves the cells empty.

const sandbox = sandboxForTheseTests();

const row = (fields: { paymentIntentId: string | null; customerId: string | null }) => ({
  id: "1", subscriptionId: "sub_x", periodStart: "2026-11-01T00:00:00.000Z", periodEnd: null, customerName: null, customerEmail: null,
  customerPhone: null, amount: null, currency: "CRC", attempts: 1, lastAttemptAt: null, nextAttemptAt: null, errorCode: "declined",
  errorMessage: null, state: "retrying" as const, stateChangedAt: null, assignedTo: null, assignedName: null, lastContactKind: null,
  lastContactNote: null, lastContactAt: null, promisedBy: null, ...fields,
});

describe("a failed renewal's facts from the service", () => {
  it("reads the decline's reason and the charged card; unknown ids give empty cells, not a broken page", async () => {
    const run = await fetch(`${sandbox.current.url}/_sandbox/scenarios/renewal-failed?mode=test`, { method: "POST" });
    expect(run.status).toBe(201);
    const { created } = (await run.json()) as { created: { subscriptionId: string; paymentIntentId: string } };
    const client = sandboxClient(sandbox.current, "test");
    const intent = await getPaymentIntent(client, created.paymentIntentId);

    const [known, unknown] = await enrichFailures(
      [row({ paymentIntentId: created.paymentIntentId, customerId: intent.customerId ?? null }), row({ paymentIntentId: "pi_nobody", customerId: "cus_nobody" })],
      { client, timeZone: "America/Costa_Rica" },
    );
    expect(CARD_DECLINE_REASONS).toContain(known!.declineReason);
    // The sandbox's attempts charge the customer's saved card: the one shown is that one.
    const charged = (await listPaymentMethods(client, intent.customerId!, { limit: 20 })).items.find((method) => method.id === intent.paymentMethodId);
    expect(charged?.card).toBeTruthy();
    expect(known!.card).toEqual({ brand: charged!.card!.brand, expMonth: charged!.card!.expMonth, expYear: charged!.card!.expYear, expiry: cardExpiryState(charged!.card!, monthIn(new Date(), "America/Costa_Rica")) });
    expect(unknown).toMatchObject({ declineReason: null, card: null });
  });
});
