import "server-only";
import type { z } from "zod";
import type { CallBudget } from "./call-budget";
import { PaymentServiceError, parseErrorBody } from "./errors";
import { consoleLogger, type CallLog, type PaymentLogger } from "./log";
import { RETRY_DEFAULTS, backoffDelay, isRetryableStatus, parseRetryAfter } from "./retry";
import { fetchTransport, httpTransport, type Transport } from "./transport";

export type PaymentClientOptions = {
  baseUrl: string;
  secretKey: string;
  /** Calls go over node:http (transport.ts) unless a fetch is given: the tests' way to watch or alter the calls. */
  fetch?: typeof fetch;
  /** Per attempt, covering the response body too. */
  timeoutMs?: number;
  /** Retries of a GET after the first try. POSTs are never retried. */
  maxRetries?: number;
  /** Longest wait before a retry; a Retry-After asking for more ends the retries instead. */
  maxDelayMs?: number;
  /** The first retry's backoff step (each next one doubles, up to maxDelayMs): PAYMENT_API_RETRY_DELAY_MS. */
  baseDelayMs?: number;
  logger?: PaymentLogger;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The process's ceiling on calls per second, shared with every other client (call-budget.ts). None: no ceiling. */
  budget?: CallBudget;
  /** How this client's reads queue for the budget: "bulk" behind every page's reads (export and sync paging). POSTs never wait. */
  priority?: "interactive" | "bulk";
};

/** Transport only: the area modules (customers.ts, …) hold the paths and schemas. */
export interface PaymentClient {
  get<S extends z.ZodType>(path: string, schema: S, query?: URLSearchParams): Promise<z.output<S>>;
  post<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>>;
  /**
   * The service's clock as its last answer's Date header gave it (this machine's clock until one has): what decides
   * when its onboarding links expire. A sandbox whose clock was moved on is days ahead of this machine.
   */
  serviceNow?(): Date;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

type Method = CallLog["method"];
type Attempt =
  | { ok: true; status: number; text: string; retryAfter: string | null }
  | { ok: false; kind: "network" | "timeout"; cause: unknown };

const isTimeout = (cause: unknown) => typeof cause === "object" && cause !== null && "name" in cause && cause.name === "TimeoutError";

export function createPaymentClient(options: PaymentClientOptions): PaymentClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const transport: Transport = options.fetch ? fetchTransport(options.fetch) : httpTransport;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? RETRY_DEFAULTS.maxRetries;
  const maxDelayMs = options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const baseDelayMs = options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const logger = options.logger ?? consoleLogger();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const { budget, priority = "interactive" } = options;
  // Held in this closure only: the returned object has nothing a stray console.log could print.
  const authorization = `Bearer ${options.secretKey}`;
  let serviceSkewMs = 0;

  async function attempt(method: Method, path: string, url: string, body: unknown, attemptNo: number): Promise<Attempt> {
    // Every attempt is a call the service counts, retries included. The wait is not the call's: its timeout starts after.
    await budget?.take(method === "POST" ? "write" : priority);
    const started = performance.now();
    let outcome: Attempt;
    try {
      const answer = await transport(url, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      });
      const date = Date.parse(answer.header("date") ?? "");
      // Whole seconds only: up to a second behind, which no 7-day expiry notices.
      if (Number.isFinite(date)) serviceSkewMs = date - Date.now();
      outcome = { ok: true, status: answer.status, text: answer.text, retryAfter: answer.header("retry-after") };
    } catch (cause) {
      outcome = { ok: false, kind: isTimeout(cause) ? "timeout" : "network", cause };
    }
    const status = outcome.ok ? outcome.status : outcome.kind === "timeout" ? "timeout" : "network_error";
    logger({ method, path, status, durationMs: Math.round(performance.now() - started), attempt: attemptNo });
    return outcome;
  }

  function failure(method: Method, path: string, outcome: Attempt, retryAfterMs: number | undefined): PaymentServiceError {
    if (!outcome.ok) {
      // Where it tried: PAYMENT_API_URL is not a secret, and a wrong port is the usual reason.
      const what = `${outcome.kind === "timeout" ? `timed out after ${timeoutMs}ms` : "could not be reached"} at ${baseUrl}`;
      return new PaymentServiceError({ kind: outcome.kind, message: `Payment Service ${method} ${path} ${what}`, cause: outcome.cause });
    }
    return PaymentServiceError.fromResponse(method, path, parseErrorBody(outcome.status, parseJson(outcome.text), path), retryAfterMs);
  }

  function parseSuccess<S extends z.ZodType>(method: Method, path: string, schema: S, status: number, text: string): z.output<S> {
    const invalid = (reason: string, issues?: z.core.$ZodIssue[]) =>
      // The body itself is not kept: it may hold an onboardingUrl, and this error ends up in logs.
      new PaymentServiceError({ kind: "invalid_response", status, message: `Payment Service ${method} ${path} ${reason}`, issues });
    const json = parseJson(text);
    if (json === undefined) throw invalid("answered with a body that is not JSON");
    const result = schema.safeParse(json);
    if (!result.success) {
      const first = result.error.issues[0];
      const where = first ? ` (${first.path.join(".") || "body"}: ${first.message})` : "";
      throw invalid(`answered with an unexpected shape${where}`, result.error.issues);
    }
    return result.data;
  }

  async function request<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    query?: URLSearchParams,
    body?: unknown,
  ): Promise<z.output<S>> {
    const search = query?.toString();
    const url = `${baseUrl}${path}${search ? `?${search}` : ""}`;
    // A POST that timed out or got a 5xx may still have created a refund or an account: never send it twice.
    const retries = method === "GET" ? maxRetries : 0;
    for (let attemptNo = 1; ; attemptNo++) {
      const outcome = await attempt(method, path, url, body, attemptNo);
      if (outcome.ok && outcome.status >= 200 && outcome.status < 300) {
        return parseSuccess(method, path, schema, outcome.status, outcome.text);
      }
      // A timeout is not retried: the operator has already waited the whole timeout once.
      const retryable = outcome.ok ? isRetryableStatus(outcome.status) : outcome.kind === "network";
      const asked = outcome.ok ? parseRetryAfter(outcome.retryAfter) : undefined;
      const error = failure(method, path, outcome, asked);
      if (!retryable || attemptNo > retries || (asked !== undefined && asked > maxDelayMs)) throw error;
      await sleep(asked ?? backoffDelay(attemptNo - 1, random, baseDelayMs, maxDelayMs));
    }
  }

  return {
    get: (path, schema, query) => request("GET", path, schema, query),
    post: (path, schema, body) => request("POST", path, schema, undefined, body),
    serviceNow: () => new Date(Date.now() + serviceSkewMs),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
