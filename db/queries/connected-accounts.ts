import "server-only";
import { and, count, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { connectedAccounts, sellerRecords, syncState } from "../schema";
import { createdIdKeyset, type CreatedId, type KeysetPage, type KeysetResult } from "./keyset";

// Sellers as this app keeps them: the sync's copy of the service's connected accounts (read only here; lib/sync writes
// it) for the list's filters and counts, and this app's own record of each seller (seller_records): onboarding links
// issued (never the link) and the weekly fee as last set.

/** Pending onboarding for longer than this is "stuck": the seller's link has expired by then (links last 7 days). */
export const STUCK_AFTER_DAYS = 7;
const stuckSql = sql<boolean>`(${connectedAccounts.status} = 'pending_onboarding' and ${connectedAccounts.createdAt} < now() - make_interval(days => ${STUCK_AFTER_DAYS}))`;

export type LocalAccountFilters = { mode: Mode; status?: string; name?: string; stuck?: boolean; createdFrom?: Date; createdBefore?: Date };

/** Whether the sync has copied every account of the mode at least once: only then can the copy answer a filter. */
export async function hasCompleteAccountCopy(db: Db, mode: Mode): Promise<boolean> {
  const [row] = await db
    .select({ complete: syncState.lastCompleteAt })
    .from(syncState)
    .where(and(eq(syncState.mode, mode), eq(syncState.resource, "accounts")));
  return !!row?.complete;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filters: LocalAccountFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(connectedAccounts.mode, filters.mode),
    filters.status ? eq(connectedAccounts.status, filters.status) : undefined,
    filters.name ? ilike(connectedAccounts.businessName, `%${escapeLike(filters.name)}%`) : undefined,
    filters.stuck ? stuckSql : undefined,
    filters.createdFrom ? gte(connectedAccounts.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(connectedAccounts.createdAt, filters.createdBefore) : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => !!c))!;
}

export type LocalAccount = { id: string; businessName: string | null; status: string; marketplaceAppFee: number | null; createdAt: Date; stuck: boolean };
/** Newest first, keyset on (created, id): `after` pages toward older accounts, `before` back toward newer ones. */
export const accountPages = createdIdKeyset(connectedAccounts.createdAt, connectedAccounts.id);

export function listLocalAccounts(db: Db, filters: LocalAccountFilters, page: KeysetPage<CreatedId>): Promise<KeysetResult<LocalAccount>> {
  return accountPages.read(page, async ({ where: past, orderBy, limit }) => {
    const rows = await db
      .select({
        id: connectedAccounts.id,
        businessName: connectedAccounts.businessName,
        status: connectedAccounts.status,
        marketplaceAppFee: connectedAccounts.marketplaceAppFee,
        createdAt: connectedAccounts.createdAt,
        stuck: stuckSql,
      })
      .from(connectedAccounts)
      .where(and(where(filters), past))
      .orderBy(...orderBy)
      .limit(limit);
    return rows as LocalAccount[];
  });
}

export async function countLocalAccounts(db: Db, filters: LocalAccountFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(connectedAccounts).where(where(filters));
  return row?.n ?? 0;
}

/** Accounts per status in the mode, and how many of the pending ones are stuck. */
export async function countAccountsByStatus(db: Db, mode: Mode): Promise<{ byStatus: Record<string, number>; stuck: number }> {
  const rows = await db
    .select({ status: connectedAccounts.status, n: count(), stuck: sql<number>`count(*) filter (where ${stuckSql})::int` })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.mode, mode))
    .groupBy(connectedAccounts.status);
  return { byStatus: Object.fromEntries(rows.map((row) => [row.status, row.n])), stuck: rows.reduce((sum, row) => sum + row.stuck, 0) };
}

/** The status the sync's copy holds for one account (what the list shows), or null when it has not copied it. */
export async function getCopiedAccountStatus(db: Db, { mode, accountId }: { mode: Mode; accountId: string }): Promise<string | null> {
  const [row] = await db
    .select({ status: connectedAccounts.status })
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.mode, mode), eq(connectedAccounts.id, accountId)));
  return row?.status ?? null;
}

export type SellerRecord = typeof sellerRecords.$inferSelect;

export async function getSellerRecord(db: Db, { mode, accountId }: { mode: Mode; accountId: string }): Promise<SellerRecord | null> {
  const [row] = await db.select().from(sellerRecords).where(and(eq(sellerRecords.mode, mode), eq(sellerRecords.accountId, accountId)));
  return row ?? null;
}

/** An onboarding link was issued: when (the service's clock), until when, by whom. The link itself is not a column. */
export async function recordLinkIssued(db: Db, entry: { mode: Mode; accountId: string; issuedAt: Date; expiresAt: Date; operatorId: string; operatorName: string }) {
  const values = { linkIssuedAt: entry.issuedAt, linkExpiresAt: entry.expiresAt, linkIssuedBy: entry.operatorId, linkIssuedByName: entry.operatorName };
  await db.insert(sellerRecords).values({ mode: entry.mode, accountId: entry.accountId, ...values }).onConflictDoUpdate({ target: [sellerRecords.mode, sellerRecords.accountId], set: values });
}

/** The weekly fee record the service answered with, as set by this operator now. */
export async function recordWeeklyFee(
  db: Db,
  entry: { mode: Mode; accountId: string; enabled: boolean; amount: number | null; currency: string | null; setAt: Date; operatorName: string },
) {
  const values = { weeklyFeeEnabled: entry.enabled, weeklyFeeAmount: entry.amount, weeklyFeeCurrency: entry.currency, weeklyFeeSetAt: entry.setAt, weeklyFeeSetByName: entry.operatorName };
  await db.insert(sellerRecords).values({ mode: entry.mode, accountId: entry.accountId, ...values }).onConflictDoUpdate({ target: [sellerRecords.mode, sellerRecords.accountId], set: values });
}
