import "server-only";
import type { PaymentClient, PaymentClientOptions } from "@/lib/payments/client";
import { isPaymentServiceError } from "@/lib/payments/errors";
import { buildQuery, type CreatedAtFilter, type FilterValue } from "@/lib/payments/page";
import { z } from "zod";
import { paths } from "@/lib/payments/paths";
import type { Mode } from "@/lib/env-schema";
import { envelopeSchema, parseSyncPage, type ParsedSyncPage } from "./page";
import type { ResourceDef } from "./resources";

export const SYNC_PAGE_LIMIT = 100;

/**
 * The sync's Payment Service client options. It pages in bulk (behind every page's and search's calls, call-budget.ts),
 * and a 429 asking to wait up to a minute is waited out by the client's own retries (`maxDelayMs`; a page load's
 * client gives up after 5 s instead): nobody is waiting on a background pass. A longer Retry-After fails the pass,
 * and the queue retries the job later.
 */
export const SYNC_CLIENT_OPTIONS = { priority: "bulk", maxDelayMs: 60_000 } as const satisfies Partial<PaymentClientOptions>;

export type PageRequest = { startingAfter?: string; createdAt?: CreatedAtFilter; filters?: Record<string, FilterValue> };

/** One raw list page (envelope checked, records not yet). */
export function fetchSyncPage(client: PaymentClient, def: ResourceDef, request: PageRequest) {
  return client.get(def.path, envelopeSchema(def.envelope), buildQuery({ limit: SYNC_PAGE_LIMIT, ...request }));
}

/**
 * A whole list from its first page, each page parsed as the sync parses it (read now), the next fetched once one is
 * parsed; stops after `maxPages` when given. For what reads the history without the sync's run around it: the
 * benchmark's fetch-only pass, the write lab and the writer's tests.
 */
export async function* parsedSyncPages(client: PaymentClient, def: ResourceDef, mode: Mode, maxPages = Infinity): AsyncGenerator<ParsedSyncPage> {
  let next: string | undefined;
  let pages = 0;
  do {
    const page = parseSyncPage(def, await fetchSyncPage(client, def, { startingAfter: next }), mode, new Date());
    yield page;
    next = page.next;
  } while (next && ++pages < maxPages);
}

/** The first `count` pages of a list (fewer when it ends first), parsed: parsedSyncPages collected. */
export async function firstSyncPages(client: PaymentClient, def: ResourceDef, mode: Mode, count: number): Promise<ParsedSyncPage[]> {
  const pages: ParsedSyncPage[] = [];
  for await (const page of parsedSyncPages(client, def, mode, count)) pages.push(page);
  return pages;
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
