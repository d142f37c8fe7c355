import "server-only";
import { env } from "@/lib/env";
import type { Mode } from "@/lib/env-schema";
import { createCallBudget, type CallBudget } from "./call-budget";
import { createPaymentClient, type PaymentClient, type PaymentClientOptions } from "./client";
import { PaymentServiceError } from "./errors";
import { isSecretKey, modeOfKey } from "./keys";
import { consoleLogger } from "./log";

const clients = new Map<string, PaymentClient>();
// One ceiling for the whole process, both modes and every priority (call-budget.ts). On globalThis: a production
// build loads this module once per route bundle (the export route and the pages had a bucket each, measured), and
// the dev server reloads it.
const shared = globalThis as unknown as { paymentCallBudget?: CallBudget };

/**
 * The client for one mode, with that mode's secret key. Throws PaymentServiceError kind "not_configured" when the
 * mode has no key, so a page can say which setting is missing instead of failing with a 401 from the service.
 * `priority` "bulk" is for paging through a whole list (exports; the sync makes its own, createModeClient): its calls
 * queue behind every page's.
 */
export function getPaymentClient(mode: Mode, priority: "interactive" | "bulk" = "interactive"): PaymentClient {
  const cached = clients.get(`${mode}:${priority}`);
  if (cached) return cached;
  const client = createModeClient(mode, { priority });
  clients.set(`${mode}:${priority}`, client);
  return client;
}

/**
 * A new client for one mode's key (uncached): the sync's, which logs only failures rather than each of its pages,
 * pages at "bulk" priority and waits out a longer Retry-After (lib/sync/fetch.ts SYNC_CLIENT_OPTIONS). Every client shares the process's ceiling on calls per second.
 */
export function createModeClient(mode: Mode, options: Pick<PaymentClientOptions, "logger" | "priority" | "maxDelayMs"> = {}): PaymentClient {
  const settings = env();
  const name = mode === "test" ? "PAYMENT_SECRET_KEY_TEST" : "PAYMENT_SECRET_KEY_LIVE";
  const key = settings[name];
  if (!key) {
    throw new PaymentServiceError({ kind: "not_configured", message: `No Payment Service key for ${mode} mode: set ${name}` });
  }
  // env-schema already refuses these at start-up; checked again because showing live money as test is the one
  // mistake that must be impossible, whatever built the settings.
  if (!isSecretKey(key) || modeOfKey(key) !== mode) {
    throw new PaymentServiceError({ kind: "not_configured", message: `${name} is not a ${mode} secret key` });
  }
  return createPaymentClient({
    baseUrl: settings.PAYMENT_API_URL,
    secretKey: key,
    logger: options.logger ?? consoleLogger(settings.LOG_LEVEL),
    budget: (shared.paymentCallBudget ??= createCallBudget({ perSecond: settings.PAYMENT_API_MAX_CALLS_PER_SECOND })),
    priority: options.priority ?? "interactive",
    maxDelayMs: options.maxDelayMs,
    baseDelayMs: settings.PAYMENT_API_RETRY_DELAY_MS,
  });
}

export type { PaymentClient, PaymentClientOptions } from "./client";
export { createPaymentClient } from "./client";
export type { CallBudget, CallPriority } from "./call-budget";
export * from "./errors";
export * from "./error-messages";
export * from "./keys";
export * from "./page";
export { paths } from "./paths";
export * from "./schemas";
export * from "./customers";
export * from "./payment-intents";
export * from "./products";
export * from "./payment-methods";
export * from "./shipping-rates";
export * from "./subscriptions";
export * from "./renewals";
export * from "./mobile-transfers";
export * from "./refunds";
export * from "./connected-accounts";
