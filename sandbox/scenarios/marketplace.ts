import { newId } from "../ids";
import { ScenarioError, type Scenario } from "./helpers";

// Seller onboarding as the service moves it: the seller finishes the hosted form (pending_onboarding →
// awaiting_approval), then the service approves them (→ active). Aimed at one account with `accountId` (query or
// body), else it carries on with the seller it moved last, else the newest seller still pending.
export const marketplaceScenarios: Scenario[] = [
  {
    name: "seller-onboarding-progress",
    description: "Moves a seller one step through onboarding: pending_onboarding → awaiting_approval → active (accountId names one).",
    run({ store, mode, input }) {
      const state = store.get(mode, "scenarioState", "seller-onboarding-progress");
      let account;
      if (input?.accountId) {
        account = store.get(mode, "connectedAccounts", input.accountId);
        if (!account) throw new ScenarioError(`no connected account ${input.accountId} in ${mode} mode`);
        if (account.status !== "pending_onboarding" && account.status !== "awaiting_approval") {
          throw new ScenarioError(`connected account ${account.id} is ${account.status}: its onboarding is over`);
        }
      } else {
        account = state ? store.get(mode, "connectedAccounts", String(state.data.accountId)) : undefined;
        if (!account || account.status === "active") {
          account = store.collection(mode, "connectedAccounts").all().findLast((a) => a.status === "pending_onboarding");
        }
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
