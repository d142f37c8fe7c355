export type LockoutRule = { maxFailures: number; windowMs: number; lockMs: number };

const MINUTES_15 = 15 * 60_000;

/**
 * Three limits on failed sign-ins, so that guessing is stopped without letting anyone lock an operator out:
 * - `pair`: one e-mail from one client address — 5 in 15 minutes lock that pair for 15 minutes. This is the lock an
 *   operator who forgot their password meets; an attacker's failures from elsewhere do not count towards it.
 * - `address`: one client address across all e-mails — 20 in 15 minutes lock the address. Stops one machine spraying
 *   a password over every operator (4 pairs' worth), yet leaves room for an office behind one NAT mistyping.
 * - `email`: one e-mail across all addresses — 50 in 15 minutes lock the e-mail everywhere. The ceiling on a guess
 *   spread over many addresses: at most 4,800 tries a day against one (generated, 20-character) password. Locking
 *   a real operator out this way takes at least 3 addresses (50 / 20) and 50 requests per 15 minutes.
 */
export const LOCKOUT = {
  pair: { maxFailures: 5, windowMs: MINUTES_15, lockMs: MINUTES_15 },
  address: { maxFailures: 20, windowMs: MINUTES_15, lockMs: MINUTES_15 },
  email: { maxFailures: 50, windowMs: MINUTES_15, lockMs: MINUTES_15 },
} as const satisfies Record<string, LockoutRule>;

/** How far back failures can still matter to any rule. */
export const LOCKOUT_HORIZON_MS = Math.max(...Object.values(LOCKOUT).map((rule) => rule.windowMs + rule.lockMs));

/** Recent failure times for each scope, newest first (the pair's only since its last successful sign-in). */
export type RecentFailures = Record<keyof typeof LOCKOUT, readonly Date[]>;

/**
 * Until when one rule locks: `maxFailures` failures within `windowMs` lock for `lockMs` after the last of them.
 * Refused tries are not failures, so hammering a locked account does not extend its lock, and only the newest run of
 * failures can still be locking.
 */
export function lockedUntil(failures: readonly Date[], now: Date, rule: LockoutRule = LOCKOUT.pair): Date | null {
  if (failures.length < rule.maxFailures) return null;
  const newest = failures[0]!.getTime();
  const oldestOfRun = failures[rule.maxFailures - 1]!.getTime();
  if (newest - oldestOfRun > rule.windowMs) return null;
  const until = newest + rule.lockMs;
  return until > now.getTime() ? new Date(until) : null;
}

/** Until when a sign-in of this e-mail from this address is refused: the latest of the three rules' locks. */
export function lockoutUntil(failures: RecentFailures, now: Date): Date | null {
  let latest: Date | null = null;
  for (const scope of Object.keys(LOCKOUT) as (keyof typeof LOCKOUT)[]) {
    const until = lockedUntil(failures[scope], now, LOCKOUT[scope]);
    if (until && (!latest || until > latest)) latest = until;
  }
  return latest;
}

/** The same failures with one more, now, in every scope (the failure being recorded). */
export function withFailure(failures: RecentFailures, now: Date): RecentFailures {
  return { pair: [now, ...failures.pair], address: [now, ...failures.address], email: [now, ...failures.email] };
}
