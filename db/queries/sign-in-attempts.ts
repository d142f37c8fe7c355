import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../index";
import { signInAttempts } from "../schema";
import { LOCKOUT } from "@/lib/auth/lockout";

/** Failures newer than the lockout horizon and newer than the last success, newest first. */
export async function recentFailures(db: Db, email: string, now: Date): Promise<Date[]> {
  const horizon = new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs);
  const lastSuccess = sql`coalesce((select max(${signInAttempts.at}) from ${signInAttempts}
    where ${signInAttempts.email} = ${email} and ${signInAttempts.outcome} = 'success'), '-infinity'::timestamptz)`;
  const rows = await db
    .select({ at: signInAttempts.at })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        eq(signInAttempts.outcome, "failure"),
        gt(signInAttempts.at, horizon),
        gt(signInAttempts.at, lastSuccess),
      ),
    )
    .orderBy(desc(signInAttempts.at))
    .limit(LOCKOUT.maxFailures);
  return rows.map((row) => row.at);
}

export async function recordSignInAttempt(
  db: Db,
  attempt: { email: string; outcome: "success" | "failure" | "locked"; ip?: string | null; at: Date },
) {
  await db.insert(signInAttempts).values(attempt);
}
