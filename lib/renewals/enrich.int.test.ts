import { describe, expect, it } from "vitest";
import { getPaymentIntent, listPaymentMethods } from "@/lib/payments";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { sandboxClient, sandboxForTheseTests } from "@/lib/sync/test-support";
import { enrichFailures } from "./enrich";

// What the page asks the service about its rows, against the sandbox over HTTP: the card the attempt charged (the
// synced intent's method), with its expiry; a customer the service does not know leaves the cell empty.

const sandbox = sandboxForTheseTests();

const row = (fields: { paymentIntentId: string | null; customerId: string | null; paymentMethodId: string | null }) => ({
  id: "1", subscriptionId: "sub_x", periodStart: "2026-11-01T00:00:00.000Z", periodEnd: null, customerName: null, customerEmail: null,
  customerPhone: null, amount: null, currency: "CRC", attempts: 1, lastAttemptAt: null, nextAttemptAt: null, errorCode: "declined",
  errorMessage: null, state: "retrying" as const, stateChangedAt: null, assignedTo: null, assignedName: null, lastContactKind: null,
  lastContactNote: null, lastContactAt: null, promisedBy: null, closedAt: null, closedByName: null, closeReason: null, closeNote: null,
  declineReason: null, declineCode: null, card: null, ...fields,
});

describe("a failed renewal's facts from the service", () => {
  it("reads the charged card; an unknown customer gives an empty cell, not a broken page", async () => {
    const run = await fetch(`${sandbox.current.url}/_sandbox/scenarios/renewal-failed?mode=test`, { method: "POST" });
    expect(run.status).toBe(201);
    const { created } = (await run.json()) as { created: { subscriptionId: string; paymentIntentId: string } };
    const client = sandboxClient(sandbox.current, "test");
    const intent = await getPaymentIntent(client, created.paymentIntentId);

    const [known, unknown] = await enrichFailures(
      [
        row({ paymentIntentId: created.paymentIntentId, customerId: intent.customerId ?? null, paymentMethodId: intent.paymentMethodId ?? null }),
        row({ paymentIntentId: "pi_nobody", customerId: "cus_nobody", paymentMethodId: null }),
      ],
      { client, timeZone: "America/Costa_Rica" },
    );
    // The sandbox's attempts charge the customer's saved card: the one shown is that one.
    const charged = (await listPaymentMethods(client, intent.customerId!, { limit: 20 })).items.find((method) => method.id === intent.paymentMethodId);
    expect(charged?.card).toBeTruthy();
    expect(known!.card).toEqual({ brand: charged!.card!.brand, expMonth: charged!.card!.expMonth, expYear: charged!.card!.expYear, expiry: cardExpiryState(charged!.card!, monthIn(new Date(), "America/Costa_Rica")) });
    expect(unknown).toMatchObject({ card: null });
  });
});
