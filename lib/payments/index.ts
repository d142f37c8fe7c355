import "server-only";
import { env } from "@/lib/env";
import type { Mode } from "@/lib/env-schema";
import { createPaymentClient, type PaymentClient, type PaymentClientOptions } from "./client";
import { PaymentServiceError } from "./errors";
import { isSecretKey, modeOfKey } from "./keys";
import { consoleLogger } from "./log";

const clients = new Map<Mode, PaymentClient>();

/**
 * The client for one mode, with that mode's secret key. Throws PaymentServiceError kind "not_configured" when the
 * mode has no key, so a page can say which setting is missing instead of failing with a 401 from the service.
 */
export function getPaymentClient(mode: Mode): PaymentClient {
  const cached = clients.get(mode);
  if (cached) return cached;
  const client = createModeClient(mode);
  clients.set(mode, client);
  return client;
}

/** A new client for one mode's key (uncached): the sync's, which logs only failures rather than each of its pages. */
export function createModeClient(mode: Mode, options: Pick<PaymentClientOptions, "logger"> = {}): PaymentClient {
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
  });
}

export type { PaymentClient, PaymentClientOptions } from "./client";
export { createPaymentClient } from "./client";
export * from "./errors";
export * from "./error-messages";
export * from "./keys";
export * from "./page";
export { paths } from "./paths";
export * from "./schemas";
export * from "./customers";
export * from "./payment-intents";
export * from "./products";
export * from "./subscriptions";
export * from "./renewals";
export * from "./mobile-transfers";
export * from "./refunds";
export * from "./connected-accounts";
