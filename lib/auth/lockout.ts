export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

/**
 * When an email is locked: `maxFailures` failures within `windowMs` lock it for `lockMs` after the last of them.
 * `failures` are the failure times since the last successful sign-in, newest first. Refused tries are not failures,
 * so hammering a locked account does not extend its lock, and only the newest run of failures can still be locking.
 */
export function lockedUntil(failures: readonly Date[], now: Date): Date | null {
  if (failures.length < LOCKOUT.maxFailures) return null;
  const newest = failures[0]!.getTime();
  const oldestOfRun = failures[LOCKOUT.maxFailures - 1]!.getTime();
  if (newest - oldestOfRun > LOCKOUT.windowMs) return null;
  const until = newest + LOCKOUT.lockMs;
  return until > now.getTime() ? new Date(until) : null;
}
