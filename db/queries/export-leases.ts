import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../index";
import { exportLeases } from "../schema";

// One running export per operator (export_leases). The database's clock decides expiry, so N app instances with
// skewed clocks agree on when a lease has lapsed.

const expiresIn = (ttlMs: number) => sql`now() + ${`${Math.ceil(ttlMs)} milliseconds`}::interval`;

/**
 * Takes the operator's lease for a new export: granted when none is held or the held one has lapsed (its export died
 * without releasing it), in one statement, so two instances asked at once cannot both be granted. Null when busy.
 */
export async function acquireExportLease(db: Db, input: { operatorId: string; leaseId: string; list: string; ttlMs: number }): Promise<boolean> {
  const granted = await db
    .insert(exportLeases)
    .values({ operatorId: input.operatorId, leaseId: input.leaseId, list: input.list, startedAt: sql`now()`, expiresAt: expiresIn(input.ttlMs) })
    .onConflictDoUpdate({
      target: exportLeases.operatorId,
      set: { leaseId: input.leaseId, list: input.list, startedAt: sql`now()`, expiresAt: expiresIn(input.ttlMs) },
      setWhere: lt(exportLeases.expiresAt, sql`now()`),
    })
    .returning({ leaseId: exportLeases.leaseId });
  return granted.length === 1;
}

/** Pushes the lease's expiry forward while its export runs; false when it is no longer this export's. */
export async function renewExportLease(db: Db, operatorId: string, leaseId: string, ttlMs: number): Promise<boolean> {
  const renewed = await db
    .update(exportLeases)
    .set({ expiresAt: expiresIn(ttlMs) })
    .where(and(eq(exportLeases.operatorId, operatorId), eq(exportLeases.leaseId, leaseId)))
    .returning({ leaseId: exportLeases.leaseId });
  return renewed.length === 1;
}

/** Frees the operator for the next export; only this export's own lease (a lapsed one may have been taken over). */
export async function releaseExportLease(db: Db, operatorId: string, leaseId: string): Promise<void> {
  await db.delete(exportLeases).where(and(eq(exportLeases.operatorId, operatorId), eq(exportLeases.leaseId, leaseId)));
}
