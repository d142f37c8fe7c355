import { newId } from "../ids";
import { checkoutScenarios } from "./checkout";
import { ScenarioError, type Scenario } from "./helpers";
import { paymentScenarios } from "./payments";
import { renewalScenarios } from "./renewals";
import { splitPaymentScenario } from "./split-payment";
import { transferScenarios } from "./transfers";

export { ScenarioError, type Scenario, type ScenarioContext, type ScenarioResult } from "./helpers";

const deliveryScenarios: Scenario[] = [
  {
    name: "duplicate-delivery",
    description: "Delivers the last event of this mode again, byte for byte (events have no id: the receiver must dedupe).",
    run({ webhooks, mode }) {
      const last = webhooks.last(mode);
      if (!last) throw new ScenarioError("no event has been sent in this mode yet; run another scenario first");
      webhooks.send(mode, last.type, last.body);
      return { summary: `Re-sent ${last.type} (delivery #${last.id})`, events: [last.type] };
    },
  },
];

const marketplaceScenarios: Scenario[] = [
  {
    name: "seller-onboarding-progress",
    description: "Moves a seller one step through onboarding: pending_onboarding → awaiting_approval → active.",
    run({ store, mode }) {
      const state = store.get(mode, "scenarioState", "seller-onboarding-progress");
      let account = state ? store.get(mode, "connectedAccounts", String(state.data.accountId)) : undefined;
      if (!account || account.status === "active") {
        account = store.collection(mode, "connectedAccounts").all().findLast((a) => a.status === "pending_onboarding");
      }
      if (!account) {
        const createdAt = store.now().toISOString();
        account = store.save(mode, "connectedAccounts", { id: newId("acct"), mode, status: "pending_onboarding", businessName: "Soda La Esquina", marketplaceAppFee: 5, createdAt });
      }
      const next = account.status === "pending_onboarding" ? "awaiting_approval" : "active";
      store.save(mode, "connectedAccounts", { ...account, status: next });
      store.save(mode, "scenarioState", { id: "seller-onboarding-progress", createdAt: state?.createdAt ?? store.now().toISOString(), data: { accountId: account.id } });
      // The spec has no event for account changes: the app sees them by reading the account.
      return { summary: `Seller ${account.id} is now ${next}`, created: { connectedAccountId: account.id }, events: [] };
    },
  },
];

export const SCENARIOS: Scenario[] = [
  ...paymentScenarios,
  ...checkoutScenarios,
  ...transferScenarios,
  splitPaymentScenario,
  ...renewalScenarios,
  ...deliveryScenarios,
  ...marketplaceScenarios,
];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.name === name);
}
