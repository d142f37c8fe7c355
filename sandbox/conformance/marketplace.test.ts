import { describe, expect, it } from "vitest";
import { createConnectedAccount, createOnboardingLink, getConnectedAccount } from "@/lib/payments/connected-accounts";
import { advanceClock, statusOf } from "./helpers";
import { conformanceSuite, onSandbox, SANDBOX_TEST_KEYS } from "./target";

// Connected accounts and their onboarding links. Whether a link still opens is read from the hosted page the link
// points at; that page is the sandbox's stand-in for the service's, so those checks run on the sandbox only (a real
// hosted page may redirect or render an error page with 200), as does the 7-day expiry, which needs its clock.
// `onSandbox` rather than target.kind: skipIf is decided when vitest collects the tests, before beforeAll runs.

const suite = conformanceSuite();

describe("connected accounts", () => {
  it("returns the new seller with an onboardingUrl, as pending_onboarding, readable afterwards", async () => {
    const created = await createConnectedAccount(suite.client, { businessName: "Panadería Doña Rosa", marketplaceAppFee: 3.5 });
    expect(created).toMatchObject({ mode: "test", businessName: "Panadería Doña Rosa", marketplaceAppFee: 3.5, status: "pending_onboarding" });
    const link = new URL(created.onboardingUrl);
    if (onSandbox) {
      expect(link.origin).toBe(new URL(suite.target.url).origin);
      expect(await statusOf(created.onboardingUrl)).toBe(200);
    }
    const read = await getConnectedAccount(suite.client, created.id);
    expect(read).toMatchObject({ id: created.id, businessName: created.businessName, marketplaceAppFee: 3.5, createdAt: created.createdAt });
  });

  it.skipIf(!onSandbox)("expires the previous onboarding link when a new one is made", async () => {
    const created = await createConnectedAccount(suite.client, { businessName: "Taller El Rayo" });
    const second = await createOnboardingLink(suite.client, created.id);
    expect(second.id).toBe(created.id);
    expect(second.onboardingUrl).not.toBe(created.onboardingUrl);
    expect(await statusOf(created.onboardingUrl)).toBe(410);
    expect(await statusOf(second.onboardingUrl)).toBe(200);

    const third = await createOnboardingLink(suite.client, created.id);
    expect(await statusOf(second.onboardingUrl)).toBe(410);
    expect(await statusOf(third.onboardingUrl)).toBe(200);
  });

  it.skipIf(!onSandbox)("moves a named seller through onboarding with the seller-onboarding-progress scenario", async () => {
    const created = await createConnectedAccount(suite.client, { businessName: "Ferretería El Clavo" });
    const step = async () => {
      const response = await fetch(`${suite.target.url}/_sandbox/scenarios/seller-onboarding-progress?mode=test&accountId=${created.id}`, { method: "POST" });
      return { status: response.status, body: (await response.json()) as { created?: { connectedAccountId?: string } } };
    };
    expect((await step()).body.created?.connectedAccountId).toBe(created.id);
    expect((await getConnectedAccount(suite.client, created.id)).status).toBe("awaiting_approval");
    await step();
    expect((await getConnectedAccount(suite.client, created.id)).status).toBe("active");
    // Onboarding is over: no further step, and no new link.
    expect((await step()).status).toBe(409);
  });

  it.skipIf(!onSandbox)("approves a seller awaiting approval once 2 days of sandbox time have passed", async () => {
    const created = await createConnectedAccount(suite.client, { businessName: "Librería La Pluma" });
    await fetch(`${suite.target.url}/_sandbox/scenarios/seller-onboarding-progress?mode=test&accountId=${created.id}`, { method: "POST" });
    await advanceClock(suite.target, "1d");
    expect((await getConnectedAccount(suite.client, created.id)).status).toBe("awaiting_approval");
    await advanceClock(suite.target, "1d");
    expect((await getConnectedAccount(suite.client, created.id)).status).toBe("active");
  });

  it.skipIf(!onSandbox)("dates its answers by its own clock (the Date header), which moves with /_sandbox/clock", async () => {
    const before = await fetch(`${suite.target.url}/_sandbox/clock`).then((r) => r.json() as Promise<{ now: string }>);
    const response = await fetch(`${suite.target.url}/v1/connected-accounts?limit=1`, { headers: { authorization: `Bearer ${SANDBOX_TEST_KEYS.secret.test}` } });
    await response.arrayBuffer();
    expect(Math.abs(Date.parse(response.headers.get("date")!) - Date.parse(before.now))).toBeLessThan(5_000);
  });

  // Last in this file: it moves this sandbox's clock 8 days ahead.
  it.skipIf(!onSandbox)("expires an onboarding link after 7 days", async () => {
    const created = await createConnectedAccount(suite.client, { businessName: "Verdulería Los Ángeles" });
    await advanceClock(suite.target, "6d");
    expect(await statusOf(created.onboardingUrl)).toBe(200);
    await advanceClock(suite.target, "2d");
    expect(await statusOf(created.onboardingUrl)).toBe(410);
    // A link made after the expiry opens again.
    expect(await statusOf((await createOnboardingLink(suite.client, created.id)).onboardingUrl)).toBe(200);
  });
});
