import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import type { Mode } from "@/lib/env-schema";
import type { EventEffects, Subject } from "@/db/queries/webhook-ingest";
import { eventEnvelopeSchema } from "@/lib/payments/schemas";
import { HANDLERS, type Handlers, type PaymentEventType } from "./registry";
import type { EventStatus } from "./event-status";
import type { WebhookHandler } from "./types";

export type Interpretation =
  | {
      status: "processed";
      type: PaymentEventType;
      dedupeKey: string;
      payload: unknown;
      /** The objects it concerns, for timelines. */
      subjects: Subject[];
      occurredAt: string | null;
      /** What storing it adds: subjects, projection, lock (db/queries/webhook-ingest.ts). */
      effects: (context: { mode: Mode; receivedAt: Date }) => EventEffects;
    }
  | { status: Exclude<EventStatus, "processed" | "failed">; type: string | null; dedupeKey: string; payload: unknown; error: string };

/**
 * Deeper than this, a body is kept as text only. PostgreSQL's jsonb parser recurses and refuses deep nesting ("stack
 * depth limit exceeded", which no retry fixes), and zod and the handlers recurse too; no event of the service nests
 * more than a few levels.
 */
export const MAX_JSON_DEPTH = 64;

/** How deep a JSON text nests its arrays and objects, counted without parsing (brackets inside strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) deepest = Math.max(deepest, ++depth);
    else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

const rawKey = (rawBody: string) => `raw:${createHash("sha256").update(rawBody).digest("hex")}`;

function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 20)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
}

/**
 * What a delivery is, decided without touching the database: its type, its deduplication key, and whether it can be
 * projected. Nothing here throws; whatever the body, the receiver gets something it can store.
 */
export function interpretDelivery(mode: Mode, rawBody: string, handlers: Handlers = HANDLERS): Interpretation {
  if (jsonDepth(rawBody) > MAX_JSON_DEPTH) {
    return { status: "invalid", type: null, dedupeKey: rawKey(rawBody), payload: null, error: `body is nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch (error) {
    return { status: "invalid", type: null, dedupeKey: rawKey(rawBody), payload: null, error: `body is not JSON: ${(error as Error).message}` };
  }
  // PostgreSQL's jsonb cannot hold a \u0000 escape: keep the raw body only.
  const payload = /\\u0000/.test(rawBody) ? null : json;

  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    return { status: "invalid", type: null, dedupeKey: rawKey(rawBody), payload, error: `not an event (needs type and data): ${describeIssues(envelope.error.issues)}` };
  }
  const type = envelope.data.type;
  if (!Object.hasOwn(handlers, type)) {
    return { status: "unrecognized", type, dedupeKey: `${type}:${rawKey(rawBody)}`, payload, error: `no handler for event type "${type}"` };
  }
  // The handler map is the allow-list: only an own key (not "constructor", "__proto__") names a handler.
  const handler = handlers[type as PaymentEventType] as unknown as WebhookHandler;
  const parsed = handler.schema.safeParse(json);
  if (!parsed.success) {
    return { status: "invalid", type, dedupeKey: `${type}:${rawKey(rawBody)}`, payload, error: `payload does not match ${type}: ${describeIssues(parsed.error.issues)}` };
  }
  const data = parsed.data.data;
  const payloadMode = (data as { mode?: unknown }).mode;
  if (payloadMode !== undefined && payloadMode !== mode) {
    return { status: "invalid", type, dedupeKey: `${type}:${rawKey(rawBody)}`, payload, error: `payload mode "${String(payloadMode)}" does not match the ${mode} endpoint` };
  }
  const subjects = handler.subjects(data);
  const occurredAt = handler.occurredAt(data);
  return {
    status: "processed",
    type: type as PaymentEventType,
    dedupeKey: handler.dedupeKey(data),
    payload,
    subjects,
    occurredAt,
    effects: (context) => ({
      subjects,
      occurredAt,
      projection: handler.projection(data, context),
      lockKey: handler.lockKey?.(data),
    }),
  };
}
