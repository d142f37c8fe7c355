import "server-only";
import type { PaymentClient } from "@/lib/payments/client";
import { isPaymentServiceError } from "@/lib/payments/errors";
import { buildQuery, type CreatedAtFilter, type FilterValue } from "@/lib/payments/page";
import { z } from "zod";
import { paths } from "@/lib/payments/paths";
import { envelopeSchema } from "./page";
import type { ResourceDef } from "./resources";

export const SYNC_PAGE_LIMIT = 100;
// The client already waits out a short Retry-After; a longer one (up to this) is waited here, a few times, before the
// pass gives up and the queue retries the job later.
const MAX_RETRY_AFTER_MS = 60_000;
const MAX_LONG_WAITS = 3;

export type PageRequest = { startingAfter?: string; createdAt?: CreatedAtFilter; filters?: Record<string, FilterValue> };

/** One raw list page (envelope checked, records not yet), honouring a 429's Retry-After beyond the client's own. */
export async function fetchSyncPage(
  client: PaymentClient,
  def: ResourceDef,
  request: PageRequest,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const query = buildQuery({ limit: SYNC_PAGE_LIMIT, ...request });
  for (let wait = 0; ; wait++) {
    try {
      return await client.get(def.path, envelopeSchema(def.envelope), query);
    } catch (error) {
      const asked = isPaymentServiceError(error) && error.status === 429 ? error.retryAfterMs : undefined;
      if (asked === undefined || asked > MAX_RETRY_AFTER_MS || wait >= MAX_LONG_WAITS) throw error;
      await sleep(asked);
    }
  }
}

/**
 * One record by its local key, raw (checked by the caller like a list's records); null when the service no longer has
 * it. Transfers have no read by id: the list filtered by SINPE reference gives the one.
 */
export async function fetchSyncRecord(client: PaymentClient, def: ResourceDef, key: string): Promise<unknown> {
  try {
    if (def.resource === "transfers") {
      const page = await fetchSyncPage(client, def, { filters: { SINPERefNumber: key } });
      return page.data[0] ?? null;
    }
    const path = def.resource === "payments" ? paths.paymentIntent(key) : def.resource === "renewals" ? paths.renewal(key) : undefined;
    if (!path) return null;
    return await client.get(path, z.unknown());
  } catch (error) {
    if (isPaymentServiceError(error) && error.kind === "not_found") return null;
    throw error;
  }
}

/** A key the service refuses, or none: every call of that mode would fail the same way, so its sync stops. */
export function isKeyProblem(error: unknown): boolean {
  return isPaymentServiceError(error) && ["unauthorized", "forbidden", "not_configured"].includes(error.kind);
}
