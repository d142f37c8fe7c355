import { MODES } from "@/lib/env-schema";
import { newId } from "../ids";
import type { Store } from "../store/store";
import { ScenarioError, type Scenario } from "./helpers";

/** How long the service takes to review a seller who finished onboarding, in sandbox time. */
export const REVIEW_MS = 2 * 24 * 60 * 60 * 1000;
const reviewKey = (accountId: string) => `seller-review:${accountId}`;

/**
 * The clock's part: a seller awaiting approval for REVIEW_MS of sandbox time is approved (→ active), as the service
 * would after its review. Run whenever /_sandbox/clock moves time on.
 */
export function approveReviewedSellers(store: Store): string[] {
  const approved: string[] = [];
  const now = store.now().getTime();
  for (const mode of MODES) {
    for (const review of store.collection(mode, "scenarioState").all()) {
      if (!review.id.startsWith("seller-review:") || review.data.done) continue;
      const account = store.get(mode, "connectedAccounts", String(review.data.accountId));
      if (!account || account.status !== "awaiting_approval") {
        store.save(mode, "scenarioState", { ...review, data: { ...review.data, done: 1 } });
        continue;
      }
      if (now - Date.parse(review.createdAt) < REVIEW_MS) continue;
      store.save(mode, "connectedAccounts", { ...account, status: "active" });
      store.save(mode, "scenarioState", { ...review, data: { ...review.data, done: 1 } });
      approved.push(account.id);
    }
  }
  return approved;
}

// Seller onboarding as the service moves it: the seller finishes the hosted form (pending_onboarding →
// awaiting_approval), then the service approves them (→ active). Aimed at one account with `accountId` (query or
// body), else it carries on with the seller it moved last, else the newest seller still pending.
export const marketplaceScenarios: Scenario[] = [
  {
    name: "seller-onboarding-progress",
    description:
      "Moves a seller one step through onboarding: pending_onboarding → awaiting_approval → active (accountId names one). Left awaiting approval, the clock approves it after 2 days.",
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
      if (next === "awaiting_approval") store.save(mode, "scenarioState", { id: reviewKey(account.id), createdAt: store.now().toISOString(), data: { accountId: account.id } });
      store.save(mode, "scenarioState", { id: "seller-onboarding-progress", createdAt: state?.createdAt ?? store.now().toISOString(), data: { accountId: account.id } });
      // The spec has no event for account changes: the app sees them by reading the account.
      return { summary: `Seller ${account.id} is now ${next}`, created: { connectedAccountId: account.id }, events: [] };
    },
  },
];
