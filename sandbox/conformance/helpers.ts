import { expect } from "vitest";
import { z } from "zod";
import type { PaymentClient } from "@/lib/payments/client";
import { PaymentServiceError } from "@/lib/payments/errors";
import type { Page } from "@/lib/payments/page";
import { getPaymentIntent, listPaymentIntents } from "@/lib/payments/payment-intents";
import { paths } from "@/lib/payments/paths";
import { refundSchema, type PaymentIntent, type Refund } from "@/lib/payments/schemas";
import type { Mode } from "../model";
import type { ConformanceTarget } from "./target";

// Shared by the conformance files. Not a *.test.ts file, so vitest does not collect it.

/** The PaymentServiceError a call ends with; a call that succeeds (or throws anything else) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<PaymentServiceError> {
  const outcome = await promise.then(
    () => new Error("expected the call to fail, but it succeeded"),
    (caught: unknown) => caught,
  );
  if (!(outcome instanceof PaymentServiceError)) throw outcome instanceof Error ? outcome : new Error(String(outcome));
  return outcome;
}

/**
 * GET /v1/refunds/{id}: part of the contract (a refund is stored and read back), but nothing in the app reads a refund
 * by id, so only these tests ask for one.
 */
export function getRefund(client: PaymentClient, id: string): Promise<Refund> {
  return client.get(paths.refund(id), refundSchema);
}

/** Accepts any JSON: for looking at a body as sent, before a schema drops or reshapes anything. */
export const rawJson = z.unknown();

/** fetch without the Authorization header the client always sets: the one request lib/payments cannot make itself. */
export const withoutAuthorization: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete("authorization");
  return fetch(input, { ...init, headers });
};

export const query = (params: Record<string, string>) => new URLSearchParams(params);

export const fieldsOf = (body: unknown) => Object.keys(body as object).sort();

export const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

/** The spec's validation error: statusCode 400, a non-empty message array, error "Bad Request". */
export function expectValidationError(error: PaymentServiceError, mentions?: RegExp): void {
  expect(error.kind).toBe("validation");
  expect(error.status).toBe(400);
  expect(error.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
  const message = (error.body as { message: unknown }).message;
  expect(Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === "string")).toBe(true);
  if (mentions) expect(error.messages.some((m) => mentions.test(m)), error.messages.join("; ")).toBe(true);
}

/** Every page of a list, following `next` until there is none. */
export async function walk<T>(list: (cursor: string | undefined) => Promise<Page<T>>, maxPages = 500): Promise<Page<T>[]> {
  const pages = [await list(undefined)];
  for (let next = pages[0]!.next; next; next = pages.at(-1)!.next) {
    if (pages.length >= maxPages) throw new Error(`more than ${maxPages} pages: is the cursor moving?`);
    pages.push(await list(next));
  }
  return pages;
}

export const isNonIncreasing = (times: string[]) => times.every((time, i) => i === 0 || Date.parse(times[i - 1]!) >= Date.parse(time));

// The sandbox's own control endpoints are not the Payment Service's API, so they are called with fetch directly.

const scenarioReplySchema = z.object({
  scenario: z.string(),
  mode: z.enum(["test", "live"]),
  created: z.record(z.string(), z.string()).optional(),
  events: z.array(z.string()),
});
export type ScenarioReply = z.infer<typeof scenarioReplySchema>;

export async function runScenario(target: ConformanceTarget, name: string, mode: Mode = "test", input: Record<string, string> = {}): Promise<ScenarioReply> {
  const response = await fetch(`${target.url}/_sandbox/scenarios/${name}?${new URLSearchParams({ mode, ...input })}`, { method: "POST" });
  const body: unknown = await response.json();
  if (response.status !== 201) throw new Error(`scenario ${name} answered ${response.status}: ${JSON.stringify(body)}`);
  return scenarioReplySchema.parse(body);
}

export async function advanceClock(target: ConformanceTarget, advance: string): Promise<void> {
  const response = await fetch(`${target.url}/_sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance }),
  });
  expect(response.status).toBe(200);
}

const deliverySchema = z.object({
  id: z.number(),
  mode: z.enum(["test", "live"]),
  type: z.string(),
  body: z.string(),
  url: z.string(),
  state: z.enum(["pending", "delivered", "failed"]),
  attempts: z.array(z.object({ status: z.number().nullable(), error: z.string().nullable() })),
});

export async function deliveries(target: ConformanceTarget): Promise<z.infer<typeof deliverySchema>[]> {
  const response = await fetch(`${target.url}/_sandbox/deliveries`);
  return z.object({ data: z.array(deliverySchema) }).parse(await response.json()).data;
}

/** The status a hosted page (an onboarding link) answers with. */
export async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/**
 * A succeeded payment intent nothing has been refunded from. The sandbox makes a new one with a scenario; a real
 * deployment is searched for one (a record with amountRefunded above 0 is passed over where the field is sent).
 */
export async function refundableIntent(target: ConformanceTarget): Promise<PaymentIntent> {
  const client = target.client("test");
  if (target.kind === "sandbox") {
    const reply = await runScenario(target, "payment-succeeded");
    return getPaymentIntent(client, reply.created!.paymentIntentId!);
  }
  const untouched = (intent: PaymentIntent) => intent.status === "succeeded" && !((intent as { amountRefunded?: number }).amountRefunded ?? 0);
  let cursor: string | undefined;
  for (let n = 0; n < 20; n++) {
    const page = await listPaymentIntents(client, { limit: 100, startingAfter: cursor });
    const found = page.items.find(untouched);
    if (found) return found;
    if (!page.next) break;
    cursor = page.next;
  }
  throw new Error("no succeeded payment intent without refunds in the test data");
}
