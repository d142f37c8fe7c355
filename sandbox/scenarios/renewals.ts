import { newId } from "../ids";
import type { SandboxRenewal, SandboxSubscription } from "../model";
import { renewalFailed, renewalSucceeded } from "../webhooks/events";
import type { Delivery } from "../webhooks/deliverer";
import { accountId, createIntent, DECLINES, pick, ScenarioError, type Scenario, type ScenarioContext } from "./helpers";

const RETRY_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** Attempts 1–3 leave the renewal open for a retry; the 4th failure makes it uncollectible. */
const FINAL_ATTEMPT = 4;

function addMonth(iso: string): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
}

/** A random active subscription, in the given currency when one is named. */
function pickActiveSubscription({ store, mode }: ScenarioContext, currency?: string): SandboxSubscription {
  const active = store.collection(mode, "subscriptions").all().filter((s) => s.status === "active" && s.items.length > 0 && (!currency || s.currency === currency));
  if (active.length === 0) throw new ScenarioError(`the sandbox has no active subscription${currency ? ` in ${currency}` : ""} to renew`);
  return pick(active);
}

const RENEWAL_CURRENCIES = ["CRC", "USD"];

/** The renewal of the subscription's next period, not yet charged. */
function openRenewal(context: ScenarioContext, subscription: SandboxSubscription): SandboxRenewal {
  const now = context.store.now().toISOString();
  return context.store.save(context.mode, "renewals", {
    id: newId("inv"),
    mode: context.mode,
    status: "open",
    currency: subscription.currency,
    total: subscription.items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0),
    description: subscription.description ?? subscription.items[0]?.description ?? "Renovación",
    periodStart: subscription.currentPeriodEnd,
    periodEnd: addMonth(subscription.currentPeriodEnd),
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    paymentIntentId: null,
    attemptCount: 0,
    nextPaymentAttempt: now,
    lastPaymentAttempt: null,
    createdAt: now,
  });
}

/** One failed charge of a renewal: a declined intent, the renewal and subscription updated, the failed event sent. */
function failAttempt(context: ScenarioContext, renewal: SandboxRenewal, subscription: SandboxSubscription): { renewal: SandboxRenewal; delivery: Delivery } {
  const { store, mode } = context;
  const customer = store.get(mode, "customers", subscription.customerId);
  const decline = pick(DECLINES);
  const intent = createIntent(context, {
    status: "requires_payment_method",
    paymentMethodType: "card",
    customer,
    amount: renewal.total,
    currency: renewal.currency,
    description: renewal.description ?? "Renovación",
    lastPaymentError: { code: "declined", type: "card_error", message: decline.message, reason: decline.reason, declineCode: decline.declineCode },
  });
  // The renewal charges the card the customer saved (their newest), when they have one, as the service would.
  const saved = store.collection(mode, "paymentMethods").all().findLast((method) => method.customerId === subscription.customerId && method.card);
  if (saved) store.save(mode, "paymentIntents", { ...intent, paymentMethodId: saved.id });
  const attemptCount = renewal.attemptCount + 1;
  const final = attemptCount >= FINAL_ATTEMPT;
  const now = store.now();
  const updated = store.save(mode, "renewals", {
    ...renewal,
    status: final ? "uncollectible" : "open",
    paymentIntentId: intent.id,
    attemptCount,
    lastPaymentAttempt: now.toISOString(),
    nextPaymentAttempt: final ? null : new Date(now.getTime() + RETRY_AFTER_MS).toISOString(),
  });
  const sub = store.save(mode, "subscriptions", { ...subscription, status: final ? "unpaid" : "past_due", updatedAt: now.toISOString() });
  const error = { message: decline.message, code: "declined", type: "card_error" };
  const delivery = context.webhooks.event(mode, renewalFailed(updated, sub, customer, accountId(context), error));
  return { renewal: updated, delivery };
}

export const renewalScenarios: Scenario[] = [
  {
    name: "renewal-failed",
    description:
      "A renewal charge fails. Repeat it: attempts 1, 2 and 3 leave it open for a retry; the 4th makes it uncollectible. `track` names a renewal of its own, so callers running at once do not advance each other's; `currency` (CRC or USD) renews a subscription billed in it.",
    run(context) {
      const { store, mode, input } = context;
      const track = input?.track?.trim();
      if (track !== undefined && !/^[\w-]{1,40}$/.test(track)) throw new ScenarioError("track must be 1 to 40 letters, digits, - or _");
      const currency = input?.currency?.trim().toUpperCase();
      if (currency !== undefined && !RENEWAL_CURRENCIES.includes(currency)) throw new ScenarioError(`currency must be one of ${RENEWAL_CURRENCIES.join(", ")}`);
      const stateId = track ? `renewal-failed:${track}` : "renewal-failed";
      const state = store.get(mode, "scenarioState", stateId);
      let renewal = state ? store.get(mode, "renewals", String(state.data.renewalId)) : undefined;
      if (!renewal || renewal.status !== "open" || (currency && renewal.currency !== currency)) renewal = openRenewal(context, pickActiveSubscription(context, currency));
      const subscription = store.get(mode, "subscriptions", renewal.subscriptionId)!;
      const result = failAttempt(context, renewal, subscription);
      store.save(mode, "scenarioState", { id: stateId, createdAt: state?.createdAt ?? store.now().toISOString(), data: { renewalId: renewal.id } });
      return {
        summary: `Renewal ${renewal.id} of ${subscription.id}: attempt ${result.renewal.attemptCount} failed, now ${result.renewal.status}`,
        created: { renewalId: renewal.id, subscriptionId: subscription.id, paymentIntentId: result.renewal.paymentIntentId ?? "" },
        events: ["subscription.renewal.failed"],
      };
    },
  },
  {
    name: "renewal-failed-then-recovered",
    description: "A renewal fails once, then the retry succeeds.",
    run(context) {
      const { store, mode } = context;
      const subscription = pickActiveSubscription(context);
      const failed = failAttempt(context, openRenewal(context, subscription), subscription);
      const customer = store.get(mode, "customers", subscription.customerId);
      const intent = createIntent(context, {
        status: "succeeded",
        paymentMethodType: "card",
        customer,
        amount: failed.renewal.total,
        currency: failed.renewal.currency,
        description: failed.renewal.description ?? "Renovación",
      });
      const now = store.now().toISOString();
      const paid = store.save(mode, "renewals", {
        ...failed.renewal,
        status: "paid",
        paymentIntentId: intent.id,
        attemptCount: failed.renewal.attemptCount + 1,
        lastPaymentAttempt: now,
        nextPaymentAttempt: null,
      });
      const active = store.save(mode, "subscriptions", {
        ...store.get(mode, "subscriptions", subscription.id)!,
        status: "active",
        currentPeriodStart: paid.periodStart,
        currentPeriodEnd: paid.periodEnd,
        updatedAt: now,
      });
      context.webhooks.event(mode, renewalSucceeded(paid, active, mode), { after: failed.delivery });
      return {
        summary: `Renewal ${paid.id} of ${subscription.id} failed once, then was paid`,
        created: { renewalId: paid.id, subscriptionId: subscription.id, paymentIntentId: intent.id },
        events: ["subscription.renewal.failed", "subscription.renewal.succeeded"],
      };
    },
  },
];
