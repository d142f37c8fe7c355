import type { z } from "zod";
import {
  forbiddenErrorBodySchema,
  marketplaceErrorBodySchema,
  marketplaceValidationErrorBodySchema,
  notFoundErrorBodySchema,
  processingErrorBodySchema,
  serviceErrorBodySchema,
  unauthorizedErrorBodySchema,
  validationErrorBodySchema,
  type CardDeclineDetails,
} from "./schemas";

/** Which of the spec's error shapes came back, or which failure happened on this side of the wire. */
export type ServiceErrorKind =
  | "service"
  | "processing"
  | "validation"
  | "not_found"
  | "unauthorized"
  | "forbidden"
  | "marketplace_validation"
  | "marketplace"
  | "unknown";
export type ClientErrorKind = "network" | "timeout" | "invalid_response" | "invalid_input" | "not_configured";
export type PaymentErrorKind = ServiceErrorKind | ClientErrorKind;

export type CardDecline = { reason: CardDeclineDetails["reason"]; declineCode: string };

const SHAPES = {
  service: serviceErrorBodySchema,
  processing: processingErrorBodySchema,
  validation: validationErrorBodySchema,
  not_found: notFoundErrorBodySchema,
  unauthorized: unauthorizedErrorBodySchema,
  forbidden: forbiddenErrorBodySchema,
  marketplace_validation: marketplaceValidationErrorBodySchema,
  marketplace: marketplaceErrorBodySchema,
} as const;

type Shapes = typeof SHAPES;
export type ParsedErrorBody =
  | { [K in keyof Shapes]: { kind: K; body: z.infer<Shapes[K]> } }[keyof Shapes]
  | { kind: "unknown"; body: unknown };

export type ParsedError = ParsedErrorBody & { status: number; code?: string; messages: string[]; decline?: CardDecline };

// Marketplace bodies overlap other shapes (a marketplace error is a service error without details; a marketplace
// validation error can look like a validation error), so they win only for connected-account endpoints.
const MARKETPLACE_ORDER = ["marketplace", "marketplace_validation"] as const;
const GENERAL_ORDER = ["processing", "service", "validation", "not_found", "unauthorized", "forbidden"] as const;

const isMarketplacePath = (path: string | undefined) => !!path && /^\/v1\/connected-accounts(\/|$|\?)/.test(path);

function identify(body: unknown, requestPath: string | undefined): ParsedErrorBody {
  const bodyPath = typeof body === "object" && body && "path" in body && typeof body.path === "string" ? body.path : undefined;
  const order = isMarketplacePath(requestPath ?? bodyPath)
    ? [...MARKETPLACE_ORDER, ...GENERAL_ORDER]
    : [...GENERAL_ORDER, "marketplace_validation" as const];
  for (const kind of order) {
    const result = SHAPES[kind].safeParse(body);
    if (result.success) return { kind, body: result.data } as ParsedErrorBody;
  }
  return { kind: "unknown", body };
}

/**
 * Parses an error response body into one of the spec's shapes. Pure. `status` is the HTTP status, which is what
 * callers should branch on; the body's own statusCode is only used to recognise the shape.
 */
export function parseErrorBody(status: number, body: unknown, requestPath?: string): ParsedError {
  const parsed = identify(body, requestPath);
  switch (parsed.kind) {
    case "service": {
      const card = parsed.body.details?.card;
      const decline = card ? { reason: card.reason, declineCode: card.declineCode } : undefined;
      return { ...parsed, status, code: parsed.body.code, messages: [parsed.body.message], ...(decline && { decline }) };
    }
    case "marketplace":
      return { ...parsed, status, code: parsed.body.code, messages: [parsed.body.message] };
    case "processing":
      return { ...parsed, status, code: parsed.body.apiCode, messages: parsed.body.message };
    case "validation":
    case "marketplace_validation":
      return { ...parsed, status, messages: parsed.body.message };
    case "not_found":
    case "forbidden":
      return { ...parsed, status, messages: [parsed.body.message] };
    case "unauthorized":
      return { ...parsed, status, messages: parsed.body.message ? [parsed.body.message] : [] };
    case "unknown":
      return { ...parsed, status, messages: [] };
  }
}

type ErrorInit = {
  kind: PaymentErrorKind;
  message: string;
  status?: number | null;
  body?: unknown;
  code?: string;
  messages?: string[];
  decline?: CardDecline;
  issues?: z.core.$ZodIssue[];
  retryAfterMs?: number;
  cause?: unknown;
};

/** The one error the Payment Service client throws. Its message never contains a key, a URL's query or a body. */
export class PaymentServiceError extends Error {
  override readonly name = "PaymentServiceError";
  readonly kind: PaymentErrorKind;
  /** HTTP status; null when no response came back (network, timeout) or nothing was sent (invalid input). */
  readonly status: number | null;
  readonly body: unknown;
  readonly code: string | undefined;
  readonly messages: string[];
  readonly decline: CardDecline | undefined;
  readonly issues: z.core.$ZodIssue[] | undefined;
  /** Set when the service asked to wait longer than the client is willing to (429/503 with Retry-After). */
  readonly retryAfterMs: number | undefined;

  constructor(init: ErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.body = init.body;
    this.code = init.code;
    this.messages = init.messages ?? [];
    this.decline = init.decline;
    this.issues = init.issues;
    this.retryAfterMs = init.retryAfterMs;
  }

  static fromResponse(method: string, path: string, parsed: ParsedError, retryAfterMs?: number): PaymentServiceError {
    const detail = [parsed.code, parsed.messages[0]].filter(Boolean).join(": ");
    return new PaymentServiceError({
      kind: parsed.kind,
      message: `Payment Service ${method} ${path} answered ${parsed.status} (${parsed.kind})${detail ? ` ${detail}` : ""}`,
      status: parsed.status,
      body: parsed.body,
      code: parsed.code,
      messages: parsed.messages,
      decline: parsed.decline,
      retryAfterMs,
    });
  }
}

export function isPaymentServiceError(error: unknown): error is PaymentServiceError {
  return error instanceof PaymentServiceError;
}
