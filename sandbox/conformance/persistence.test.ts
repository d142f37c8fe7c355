import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectedAccount, getConnectedAccount } from "@/lib/payments/connected-accounts";
import { createRefund } from "@/lib/payments/refunds";
import { failure, getRefund, refundableIntent } from "./helpers";
import { onSandbox, startTarget, type ConformanceTarget } from "./target";

// What an operator creates survives a restart of the sandbox (`npm run dev` again), and belongs to its seed. Sandbox
// only (describe.skipIf(!onSandbox), decided when vitest collects the tests): a real deployment cannot be restarted
// from a test.

let dataDir: string;
let running: ConformanceTarget | undefined;

async function restart(overrides: { seed?: string } = {}): Promise<ConformanceTarget> {
  await running?.stop();
  running = await startTarget({ dataDir, ...overrides });
  return running;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "sandbox-conformance-"));
  if (onSandbox) await restart();
}, 120_000);
afterAll(async () => {
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onSandbox)("persistence", () => {
  it("keeps a connected account and a refund across a restart on the same data directory, for the same seed only", async () => {
    const first = running!;
    const account = await createConnectedAccount(first.client(), { businessName: "Ferretería El Clavo", marketplaceAppFee: 1.25 });
    const intent = await refundableIntent(first);
    const refund = await createRefund(first.client(), { paymentIntentId: intent.id, amount: Math.min(100, intent.amount) });

    const again = await restart();
    expect(await getConnectedAccount(again.client(), account.id)).toMatchObject({ id: account.id, businessName: "Ferretería El Clavo", marketplaceAppFee: 1.25 });
    expect(await getRefund(again.client(), refund.id)).toMatchObject({ id: refund.id, paymentIntentId: intent.id, amount: refund.amount });

    const other = await restart({ seed: "conformance-other" });
    expect((await failure(getConnectedAccount(other.client(), account.id))).status).toBe(404);
    expect((await failure(getRefund(other.client(), refund.id))).status).toBe(404);
  }, 120_000);
});
