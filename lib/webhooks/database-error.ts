import "server-only";
import postgres from "postgres";

// How the webhook path reads a database failure: the receiver (503 or stored as failed) and re-processing share it.

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED"]);

/**
 * A failure a retry can fix (database unreachable, shutting down, out of connections, a deadlock): answer 503. Any
 * other failure is the event's or the code's, and a retry would fail the same way: store the event as failed.
 */
export function isTransient(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …"); the cause says what happened.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isTransient(cause)) return true;
  if (error instanceof postgres.PostgresError) return /^(08|53|57)/.test(error.code) || error.code === "40001" || error.code === "40P01";
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && NETWORK_CODES.has(code);
}

/** The database's own words when there are some (the wrapper's message repeats the whole statement). */
export function describe(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
