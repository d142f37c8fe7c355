import { DATABASE_UNAVAILABLE_DIGEST } from "./digest";

// What postgres.js (or the socket under it) throws when it cannot reach the server or loses the connection.
const NETWORK_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE",
  "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED",
]);
// The server answered but takes no queries: connection exceptions (08…), shutting down or starting up (57P01–57P03),
// out of connection slots (53300). A query's own failure (a constraint, a syntax error, a deadlock) is none of these.
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;

/**
 * Whether an error means "the database cannot be reached now", and nothing else: a page then says so and offers a
 * retry, an API route answers 503. Drizzle wraps the driver's error ("Failed query: …") in `cause`; Node reports a
 * refused connection to every address of a host name as an AggregateError.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, name, cause, errors } = error as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") {
    if (name === "PostgresError" ? SERVER_CODES.test(code) : NETWORK_CODES.has(code)) return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return cause !== error && isDatabaseUnreachable(cause, depth + 1);
}

/**
 * Whether the same statement may succeed if tried again: the database is unreachable (above), short of resources or
 * interrupted by an operator (53…, 57…), or the statement lost a serialization conflict or a deadlock (40001, 40P01).
 * Any other failure is the statement's or its data's, and a retry would fail the same way. The webhook receiver answers
 * 503 (the sender retries) for these and stores the event as failed for the others.
 */
export function isDatabaseRetryable(error: unknown, depth = 0): boolean {
  if (isDatabaseUnreachable(error)) return true;
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, name, cause } = error as { code?: unknown; name?: unknown; cause?: unknown };
  if (name === "PostgresError" && typeof code === "string" && (/^(53|57)/.test(code) || code === "40001" || code === "40P01")) return true;
  return cause !== error && isDatabaseRetryable(cause, depth + 1);
}

/** Thrown in place of the driver's error, so that renders and handlers up the stack recognise the outage. */
export class DatabaseUnavailableError extends Error {
  readonly digest = DATABASE_UNAVAILABLE_DIGEST;
  constructor(cause: unknown) {
    super("The database is unreachable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** For a `.catch()`: an unreachable database becomes a DatabaseUnavailableError; any other error is rethrown as is. */
export function rethrowUnreachable(error: unknown): never {
  if (error instanceof DatabaseUnavailableError || !isDatabaseUnreachable(error)) throw error;
  throw new DatabaseUnavailableError(error);
}
