// When to try a GET again, and how long to wait. Pure, so the policy is tested without a clock.

export const RETRY_DEFAULTS = { maxRetries: 3, baseDelayMs: 250, maxDelayMs: 5_000 } as const;

/** 429 and 5xx may pass; other 4xx will not change on a retry. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Retry-After in milliseconds: either delay-seconds or an HTTP date. Undefined when absent or unreadable, so the
 * caller falls back to its own backoff. A date in the past means "now".
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its month; without this, Date.parse would read "-1" as the year -1.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so clients that failed together do
 * not retry together, yet no retry is immediate. `retry` counts from 0.
 */
export function backoffDelay(
  retry: number,
  random: () => number = Math.random,
  baseDelayMs: number = RETRY_DEFAULTS.baseDelayMs,
  maxDelayMs: number = RETRY_DEFAULTS.maxDelayMs,
): number {
  const step = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  return Math.round(step / 2 + random() * (step / 2));
}
