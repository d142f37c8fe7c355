import { expect } from "vitest";
import { paymentEventSchema, type PaymentEvent, type PaymentEventOf, type PaymentEventType } from "@/lib/webhooks/registry";
import type { Mode } from "../model";
import { runScenario, type ScenarioReply } from "./helpers";
import type { ConformanceTarget } from "./target";

// What the conformance sandbox's webhook receiver got from one scenario. Sandbox only.

export type Delivered = { reply: ScenarioReply; bodies: string[]; events: PaymentEvent[] };

/**
 * Runs a scenario, waits until its webhooks are delivered (retries included), and checks every delivery the way the
 * app's receiver does: the mode's path, the mode's secret in X-Webhook-Secret, a payload the client's schema accepts.
 */
export async function runAndReceive(target: ConformanceTarget, name: string, mode: Mode = "test", input: Record<string, string> = {}): Promise<Delivered> {
  const receiver = target.receiver!;
  const before = receiver.received.length;
  const reply = await runScenario(target, name, mode, input);
  await target.sandbox!.webhooks.idle();
  const received = receiver.received.slice(before);
  expect(received.length).toBeGreaterThan(0);
  const events = received.map(({ headers, path, body }) => {
    expect(path).toBe(`/webhooks/${mode}`);
    expect(headers["x-webhook-secret"]).toBe(target.webhookSecrets[mode]);
    const parsed = paymentEventSchema.safeParse(JSON.parse(body));
    expect(parsed.error?.issues ?? [], body).toEqual([]);
    return parsed.data!;
  });
  return { reply, bodies: received.map((r) => r.body), events };
}

export function only<T extends PaymentEventType>(events: PaymentEvent[], type: T): PaymentEventOf<T>[] {
  return events.filter((event): event is PaymentEventOf<T> => event.type === type);
}
