import { expect, type APIRequestContext } from "@playwright/test";
import { e2eState } from "./state";

// The sandbox Payment Service the app under test reads: read it directly to know what a page must show, or run a
// scenario that changes it and sends its webhooks to the app.

export async function fromService<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${e2eState().sandboxURL}${path}`, {
    headers: { Authorization: `Bearer ${e2eState().secrets.PAYMENT_SECRET_KEY_TEST}` },
  });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export async function runScenario(request: APIRequestContext, name: string): Promise<Record<string, string>> {
  const response = await request.post(`${e2eState().sandboxURL}/_sandbox/scenarios/${name}?mode=test`);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { created: Record<string, string> }).created;
}
