import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox } from "@/lib/sync/test-support";
import type { RunningSandbox } from "../server";

// The renewal-failed scenario aimed at a currency (what e2e/failed-renewals.spec.ts needs to be sure of open failures
// in colones and in dollars), over the sandbox's HTTP control endpoint.

let sandbox: RunningSandbox;
beforeAll(async () => {
  // Larger than the conformance seed's 0.05: enough active subscriptions billed in dollars.
  sandbox = await startTestSandbox({ seed: "renewal-scenarios", scale: 0.2 });
}, 60_000);
afterAll(() => sandbox?.stop());

const run = async (input: Record<string, string>) => {
  const response = await fetch(`${sandbox.url}/_sandbox/scenarios/renewal-failed?${new URLSearchParams({ mode: "test", ...input })}`, { method: "POST" });
  return { status: response.status, body: (await response.json()) as { summary?: string; created?: Record<string, string> } };
};
const renewalOf = (body: { created?: Record<string, string> }) => sandbox.store.get("test", "renewals", body.created!.renewalId!)!;

describe("renewal-failed with a currency", () => {
  it.each(["CRC", "USD", "usd"])("renews a subscription billed in %s, and walks the same renewal on the next run of its track", async (currency) => {
    const first = await run({ currency, track: `currency-${currency}` });
    expect(first.status).toBe(201);
    expect(renewalOf(first.body)).toMatchObject({ currency: currency.toUpperCase(), attemptCount: 1 });
    const second = await run({ currency, track: `currency-${currency}` });
    expect(second.body.created?.renewalId).toBe(first.body.created?.renewalId);
    expect(renewalOf(second.body)).toMatchObject({ currency: currency.toUpperCase(), attemptCount: 2 });
  });

  it("refuses a currency it cannot bill", async () => {
    expect((await run({ currency: "EUR" })).status).toBe(409);
  });
});
