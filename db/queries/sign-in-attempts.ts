import "server-only";
import { and, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../index";
import { signInAttempts } from "../schema";
import { LOCKOUT, LOCKOUT_HORIZON_MS, type RecentFailures } from "@/lib/auth/lockout";

/**
 * Recent failures for each lockout scope of one try (lib/auth/lockout.ts), newest first. An unknown address (null)
 * is one bucket of its own. Each read is served by an index: (email, at) or (ip, at).
 */
export async function recentFailures(db: Db, email: string, ip: string | null, now: Date): Promise<RecentFailures> {
  const horizon = new Date(now.getTime() - LOCKOUT_HORIZON_MS);
  const fromAddress = ip === null ? isNull(signInAttempts.ip) : eq(signInAttempts.ip, ip);
  const lastPairSuccess = sql`coalesce((select max(${signInAttempts.at}) from ${signInAttempts}
    where ${signInAttempts.email} = ${email} and ${fromAddress} and ${signInAttempts.outcome} = 'success'), '-infinity'::timestamptz)`;
  const failures = async (where: SQL | undefined, limit: number) => {
    const rows = await db
      .select({ at: signInAttempts.at })
      .from(signInAttempts)
      .where(and(where, eq(signInAttempts.outcome, "failure"), gt(signInAttempts.at, horizon)))
      .orderBy(desc(signInAttempts.at))
      .limit(limit);
    return rows.map((row) => row.at);
  };
  const [pair, address, byEmail] = await Promise.all([
    failures(and(eq(signInAttempts.email, email), fromAddress, gt(signInAttempts.at, lastPairSuccess)), LOCKOUT.pair.maxFailures),
    failures(fromAddress, LOCKOUT.address.maxFailures),
    failures(eq(signInAttempts.email, email), LOCKOUT.email.maxFailures),
  ]);
  return { pair, address, email: byEmail };
}

export async function recordSignInAttempt(
  db: Db,
  attempt: { email: string; outcome: "success" | "failure" | "locked"; ip?: string | null; at: Date },
) {
  await db.insert(signInAttempts).values(attempt);
}
