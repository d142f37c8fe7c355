import { expect, type APIRequestContext } from "@playwright/test";
import { e2eState } from "./state";

// The sandbox Payment Service the app under test reads: read it directly to know what a page must show, or run a
// scenario that changes it and sends its webhooks to the app.

import type { Mode } from "@/lib/env-schema";
const key = (mode: Mode) => e2eState().secrets[mode === "test" ? "PAYMENT_SECRET_KEY_TEST" : "PAYMENT_SECRET_KEY_LIVE"]!;

/** Reads (or, with a body, asks) the service directly, as the app does. */
export async function fromService<T>(request: APIRequestContext, path: string, { body, mode = "test" }: { body?: object; mode?: Mode } = {}): Promise<T> {
  const headers = { Authorization: `Bearer ${key(mode)}` };
  const url = `${e2eState().sandboxURL}${path}`;
  const response = body ? await request.post(url, { headers, data: body }) : await request.get(url, { headers });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type DeliveryLog = { data: { id: number; state: "pending" | "delivered" | "failed" }[] };
const deliveries = async (request: APIRequestContext, limit: number) =>
  ((await (await request.get(`${e2eState().sandboxURL}/_sandbox/deliveries?limit=${limit}`)).json()) as DeliveryLog).data;

/** How many of the sandbox's deliveries after `since` (their ids count up) are still being sent. */
async function pendingSince(request: APIRequestContext, since: number) {
  let log = await deliveries(request, 100);
  // Newest first: when all hundred are newer than `since`, older ones of ours may be further down.
  if (log.length === 100 && log.at(-1)!.id > since) log = await deliveries(request, 1000);
  return log.filter((delivery) => delivery.id > since && delivery.state === "pending").length;
}

/**
 * Runs a scenario (with what it may be told, e.g. renewal-failed's `track`): what it says it did, and the ids of what it
 * created. It answers before its webhooks are sent; unless `settle` is false, this waits until every delivery made
 * since it started has had the app's answer (the app stores and projects an event before answering), so a page opened
 * next shows them — rather than reloading on a guess until it does.
 */
export async function scenario(request: APIRequestContext, name: string, mode: Mode = "test", input: Record<string, string> = {}, { settle = true } = {}) {
  const since = settle ? ((await deliveries(request, 1))[0]?.id ?? 0) : 0;
  const query = new URLSearchParams({ mode, ...input });
  const response = await request.post(`${e2eState().sandboxURL}/_sandbox/scenarios/${name}?${query}`);
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { summary?: string; created?: Record<string, string> };
  if (settle) await expect.poll(() => pendingSince(request, since), { message: `${name}'s webhooks still being sent`, intervals: [10, 25, 50, 100] }).toBe(0);
  return { summary: body.summary, created: body.created ?? {} };
}

export async function runScenario(request: APIRequestContext, name: string, mode: Mode = "test"): Promise<Record<string, string>> {
  return (await scenario(request, name, mode)).created;
}

/** Runs a scenario on the sandbox at `baseUrl` (a spec's own, e2e/own-stack.ts): the ids of what it created. */
export async function runScenarioAt(baseUrl: string, name: string, input: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/_sandbox/scenarios/${name}?${new URLSearchParams({ mode: "test", ...input })}`, { method: "POST" });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { created?: Record<string, string> }).created ?? {};
}
