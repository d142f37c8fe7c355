import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db";
import { getOperatorByEmail, normalizeEmail, updateOperator } from "@/db/queries/operators";
import { recentFailures, recordSignInAttempt } from "@/db/queries/sign-in-attempts";
import type { Operator } from "@/db/schema";
import { lockedUntil } from "./lockout";
import { timingSafeDummyHash, verifyPassword } from "./password";

export type AuthenticationResult =
  | { ok: true; operator: Operator }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; until: Date };

/**
 * Checks an email and password, enforcing the lockout. The per-email advisory lock serialises concurrent tries
 * for one email, so a burst of parallel guesses cannot slip past the fifth failure.
 */
export async function authenticate(
  db: Database,
  input: { email: string; password: string; ip?: string | null },
  now: Date = new Date(),
): Promise<AuthenticationResult> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
    const failures = await recentFailures(tx, email, now);
    const lockedAlready = lockedUntil(failures, now);
    if (lockedAlready) {
      await recordSignInAttempt(tx, { email, outcome: "locked", ip: input.ip, at: now });
      return { ok: false, reason: "locked", until: lockedAlready };
    }

    const operator = await getOperatorByEmail(tx, email);
    const valid = await verifyPassword(operator?.passwordHash ?? (await timingSafeDummyHash()), input.password);
    if (!operator || operator.disabled || !valid) {
      await recordSignInAttempt(tx, { email, outcome: "failure", ip: input.ip, at: now });
      // The failure that reaches the limit already says so, rather than letting the next try find out.
      const lockedNow = lockedUntil([now, ...failures], now);
      return lockedNow ? { ok: false, reason: "locked", until: lockedNow } : { ok: false, reason: "invalid" };
    }

    await recordSignInAttempt(tx, { email, outcome: "success", ip: input.ip, at: now });
    const updated = await updateOperator(tx, operator.id, { lastSignInAt: now });
    return { ok: true, operator: updated ?? operator };
  });
}

/** Until when an email is locked, for the sign-in page's message. */
export async function lockStatus(db: Database, email: string, now: Date = new Date()): Promise<Date | null> {
  return lockedUntil(await recentFailures(db, normalizeEmail(email), now), now);
}
