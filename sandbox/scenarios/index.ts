import { checkoutScenarios } from "./checkout";
import { marketplaceScenarios } from "./marketplace";
import { ScenarioError, type Scenario } from "./helpers";
import { paymentScenarios } from "./payments";
import { renewalScenarios } from "./renewals";
import { splitPaymentScenario } from "./split-payment";
import { transferScenarios } from "./transfers";

export { ScenarioError, type Scenario, type ScenarioContext, type ScenarioResult } from "./helpers";

const deliveryScenarios: Scenario[] = [
  {
    name: "duplicate-delivery",
    description:
      "Delivers the last event of this mode again, byte for byte (events have no id: the receiver must dedupe); with `subject` (an object's id), the last event that names it.",
    run({ webhooks, mode, input }) {
      // Named by its subject, the event is the caller's even when other scenarios sent events in between.
      const subject = input?.subject?.trim();
      const last = subject ? webhooks.list().find((d) => d.mode === mode && d.body.includes(JSON.stringify(subject))) : webhooks.last(mode);
      if (!last) throw new ScenarioError(subject ? `no event of this mode names ${subject}` : "no event has been sent in this mode yet; run another scenario first");
      webhooks.send(mode, last.type, last.body);
      return { summary: `Re-sent ${last.type} (delivery #${last.id})`, events: [last.type] };
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
