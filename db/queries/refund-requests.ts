import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { SettledRefund } from "@/lib/refunds/refund-input";
import type { Db } from "../index";
import { refundRequests } from "../schema";

export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type RefundClaim = Omit<typeof refundRequests.$inferInsert, "outcome" | "replays" | "createdAt" | "settledAt">;

/**
 * Records a refund form's key unless it is there already. True only for the one request that inserted it, which alone
 * may ask the service: two identical requests racing here meet at the primary key, and the second inserts nothing.
 */
export async function claimRefundKey(db: Db, claim: RefundClaim): Promise<boolean> {
  const inserted = await db.insert(refundRequests).values(claim).onConflictDoNothing({ target: refundRequests.key }).returning({ key: refundRequests.key });
  return inserted.length === 1;
}

/** The record of a key already used, counting this request as one more replay of it; undefined for a key never used. */
export async function replayRefundKey(db: Db, key: string): Promise<RefundRequestRow | undefined> {
  const [row] = await db
    .update(refundRequests)
    .set({ replays: sql`${refundRequests.replays} + 1` })
    .where(eq(refundRequests.key, key))
    .returning();
  return row;
}

/** How the key's request ended. Written once: a key keeps the outcome of the request that claimed it. */
export async function settleRefundKey(db: Db, key: string, outcome: SettledRefund): Promise<void> {
  await db
    .update(refundRequests)
    .set({ outcome, settledAt: sql`now()` })
    .where(and(eq(refundRequests.key, key), isNull(refundRequests.outcome)));
}
