import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db";
import { getOperatorByEmail, normalizeEmail, updateOperator } from "@/db/queries/operators";
import { recentFailures, recordSignInAttempt } from "@/db/queries/sign-in-attempts";
import type { Operator } from "@/db/schema";
import { lockoutUntil, withFailure } from "./lockout";
import { timingSafeDummyHash, verifyPassword } from "./password";

export type AuthenticationResult =
  | { ok: true; operator: Operator }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; until: Date };

/**
 * Checks an email and password, enforcing the lockout (per e-mail and client address, per address, per e-mail: see
 * lockout.ts). Advisory locks on the address, then the e-mail (always in that order, so two tries cannot deadlock)
 * serialise concurrent tries that share either, so a burst of parallel guesses cannot slip past a limit.
 */
export async function authenticate(
  db: Database,
  input: { email: string; password: string; ip?: string | null },
  now: Date = new Date(),
): Promise<AuthenticationResult> {
  const email = normalizeEmail(input.email);
  const ip = input.ip ?? null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-address:${ip ?? ""}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
    const failures = await recentFailures(tx, email, ip, now);
    const lockedAlready = lockoutUntil(failures, now);
    if (lockedAlready) {
      await recordSignInAttempt(tx, { email, outcome: "locked", ip: input.ip, at: now });
      return { ok: false, reason: "locked", until: lockedAlready };
    }

    const operator = await getOperatorByEmail(tx, email);
    const valid = await verifyPassword(operator?.passwordHash ?? (await timingSafeDummyHash()), input.password);
    if (!operator || operator.disabled || !valid) {
      await recordSignInAttempt(tx, { email, outcome: "failure", ip: input.ip, at: now });
      // The failure that reaches the limit already says so, rather than letting the next try find out.
      const lockedNow = lockoutUntil(withFailure(failures, now), now);
      return lockedNow ? { ok: false, reason: "locked", until: lockedNow } : { ok: false, reason: "invalid" };
    }

    await recordSignInAttempt(tx, { email, outcome: "success", ip: input.ip, at: now });
    const updated = await updateOperator(tx, operator.id, { lastSignInAt: now });
    return { ok: true, operator: updated ?? operator };
  });
}

/** Until when an e-mail is locked for this client address, for the sign-in page's message. */
export async function lockStatus(db: Database, email: string, ip: string | null, now: Date = new Date()): Promise<Date | null> {
  return lockoutUntil(await recentFailures(db, normalizeEmail(email), ip, now), now);
}
