import "server-only";

// How the webhook path words a database failure. Whether one is worth a retry: lib/database/unreachable.ts's
// isDatabaseRetryable.

/** The database's own words when there are some (the wrapper's message repeats the whole statement). */
export function describe(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
