import { describe, expect, it } from "vitest";
import { getCustomer } from "@/lib/payments/customers";
import { listMobileTransfers } from "@/lib/payments/mobile-transfers";
import { getPaymentIntent } from "@/lib/payments/payment-intents";
import { getRenewal } from "@/lib/payments/renewals";
import { getSubscription } from "@/lib/payments/subscriptions";
import type { Mode } from "../model";
import { statusOf } from "./helpers";
import { conformanceSuite, onSandbox } from "./target";
import { only, runAndReceive, type Delivered } from "./webhooks";

// The spec's "Events": one test per payload type (7), each payload parsed with the client's paymentEventSchema and
// checked against the records it speaks of, read back through lib/payments.
// Sandbox only (describe.skipIf(!onSandbox), since target.kind is not known yet when vitest collects the tests): a real
// deployment cannot be told to send an event, and it sends its webhooks to the URL set in its dashboard, not to us.

const suite = conformanceSuite();

const run = (name: string, mode: Mode = "test") => runAndReceive(suite.target, name, mode);
const digits = (phone: string | null | undefined) => (phone ?? "").replace(/\D/g, "");

describe.skipIf(!onSandbox)("events", () => {
  it("payment-intent.succeeded: the intent exists, succeeded, with the event's amount and customer", async () => {
    const { events } = await run("payment-succeeded");
    const [event] = only(events, "payment-intent.succeeded");
    expect(events).toHaveLength(1);
    const intent = await getPaymentIntent(suite.client, event!.data.id);
    expect(intent).toMatchObject({ status: "succeeded", amount: event!.data.amount, currency: event!.data.currency });
    expect(event!.data.status).toBe("succeeded");
    const customer = await getCustomer(suite.client, event!.data.customer!.id);
    expect(event!.data.customer).toMatchObject({ name: customer.name, email: customer.email, phone: customer.phone });
  });

  it("payment-intent.deferred: status processing, then the same intent's succeeded event", async () => {
    const { events } = await run("sinpe-payment-deferred-then-succeeded");
    expect(events.map((e) => e.type)).toEqual(["payment-intent.deferred", "payment-intent.succeeded"]);
    const [deferred] = only(events, "payment-intent.deferred");
    const [succeeded] = only(events, "payment-intent.succeeded");
    expect(deferred!.data).toMatchObject({ status: "processing", mode: "test" });
    expect(succeeded!.data.id).toBe(deferred!.data.id);
    const intent = await getPaymentIntent(suite.client, deferred!.data.id);
    expect(intent).toMatchObject({ status: "succeeded", amount: deferred!.data.amount, customerId: deferred!.data.customerId });
    expect((await getCustomer(suite.client, deferred!.data.customerId)).id).toBe(deferred!.data.customerId);
  });

  it("payment-intent.failed: the intent waits for another payment method, with the error's code and type", async () => {
    const { events } = await run("card-payment-failed");
    const [event] = only(events, "payment-intent.failed");
    expect(event).toBeDefined();
    const intent = await getPaymentIntent(suite.client, event!.data.id);
    expect(intent.status).toBe("requires_payment_method");
    expect(event!.data.status).toBe(intent.status);
    expect(event!.data.error).toMatchObject({ code: "declined", paymentMethodType: "card", message: expect.any(String), type: expect.any(String) });
  });

  it("subscription.renewal.succeeded: after a failed attempt, the renewal is paid by a succeeded intent", async () => {
    const { reply, events } = await run("renewal-failed-then-recovered");
    expect(events.map((e) => e.type)).toEqual(["subscription.renewal.failed", "subscription.renewal.succeeded"]);
    const [failed] = only(events, "subscription.renewal.failed");
    const [succeeded] = only(events, "subscription.renewal.succeeded");
    expect(succeeded!.data).toMatchObject({ status: "paid", mode: "test", subscriptionId: failed!.data.subscriptionId });
    const intent = await getPaymentIntent(suite.client, succeeded!.data.paymentIntentId);
    expect(intent).toMatchObject({ status: "succeeded", amount: succeeded!.data.total });
    expect((await getSubscription(suite.client, succeeded!.data.subscriptionId)).status).toBe("active");
    const renewal = await getRenewal(suite.client, reply.created!.renewalId!);
    expect(renewal).toMatchObject({ status: "paid", paymentIntentId: intent.id, subscriptionId: succeeded!.data.subscriptionId });
  });

  it("subscription.renewal.failed: attempts 1–3 leave the renewal open, the 4th makes it uncollectible and the subscription unpaid", async () => {
    const runs: Delivered[] = [];
    for (let i = 0; i < 4; i++) runs.push(await run("renewal-failed"));
    const events = runs.map(({ events: sent }) => {
      expect(sent).toHaveLength(1);
      return only(sent, "subscription.renewal.failed")[0]!;
    });
    expect(events.map((e) => e.data.attemptCount)).toEqual([1, 2, 3, 4]);
    expect(events.map((e) => e.data.invoiceStatus)).toEqual(["open", "open", "open", "uncollectible"]);
    expect(events.map((e) => e.data.subscriptionStatus)).toEqual(["past_due", "past_due", "past_due", "unpaid"]);
    expect(new Set(events.map((e) => e.data.subscriptionId)).size).toBe(1);
    expect(new Set(events.map((e) => e.data.invoicePeriodStart)).size).toBe(1);

    const { subscriptionId } = events[0]!.data;
    expect((await getSubscription(suite.client, subscriptionId)).status).toBe("unpaid");
    const renewal = await getRenewal(suite.client, runs[3]!.reply.created!.renewalId!);
    expect(renewal).toMatchObject({ status: "uncollectible", attemptCount: 4, subscriptionId });
    const lastIntent = await getPaymentIntent(suite.client, events[3]!.data.paymentIntentId!);
    expect(lastIntent).toMatchObject({ status: "requires_payment_method", amount: renewal.total });
  });

  it("checkout-session.succeeded: paid, its total is the sum of its lines, and its url opens", async () => {
    const { reply, events } = await run("checkout-session-paid");
    const [event] = only(events, "checkout-session.succeeded");
    expect(event!.data).toMatchObject({ paymentStatus: "paid", mode: "test" });
    expect(event!.data.lineItems.length).toBeGreaterThan(0);
    expect(event!.data.amountTotal).toBe(event!.data.lineItems.reduce((sum, line) => sum + line.amount, 0));
    expect(await statusOf(event!.data.url)).toBe(200);
    const intent = await getPaymentIntent(suite.client, reply.created!.paymentIntentId!);
    expect(intent).toMatchObject({ status: "succeeded", amount: event!.data.amountTotal, customerId: event!.data.customer!.id });
  });

  it("mobile-transfer.received: an unlinked transfer with an open intent's amount and its customer's phone", async () => {
    const { reply, events } = await run("sinpe-transfer-unlinked-matching");
    const [event] = only(events, "mobile-transfer.received");
    const { SINPERefNumber, amount, originPhone } = event!.data;
    expect(SINPERefNumber).toHaveLength(25);

    const transfers = await listMobileTransfers(suite.client, { SINPERefNumber });
    expect(transfers.items).toHaveLength(1);
    expect(transfers.items[0]).toMatchObject({ amount, paymentIntentId: null, originId: event!.data.originId, originName: event!.data.originName });

    const intent = await getPaymentIntent(suite.client, reply.created!.matchingPaymentIntentId!);
    expect(intent.status).not.toBe("succeeded");
    expect(intent.amount).toBe(amount);
    const customer = await getCustomer(suite.client, intent.customerId!);
    expect(digits(originPhone)).toBe(digits(customer.phone).replace(/^506/, ""));
  });
});
