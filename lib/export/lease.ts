import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/db";
import { acquireExportLease, releaseExportLease, renewExportLease } from "@/db/queries/export-leases";

// One export at a time per operator, held in PostgreSQL so that it holds with N app instances. One export pages
// through the whole list (~230 Payment Service calls for the payments list); eight at once from one viewer used to
// slow every page twentyfold.

export const EXPORT_LEASE_DEFAULTS = {
  /** How long a lease outlives its last renewal: the longest an operator waits after an export's process died. */
  ttlMs: 60_000,
  /** Renewed this often while its export is still reading pages. */
  renewEveryMs: 20_000,
};

export type ExportLease = {
  /** Tells the lease its export is still moving (a page was asked for). */
  touch: () => void;
  /** Frees the operator; safe to call more than once. */
  release: () => Promise<void>;
};

/**
 * The operator's lease for one export, or null when another of theirs is running. It is renewed only while the export
 * keeps asking for pages: one whose reader stalled for a whole renewal period lets its lease lapse rather than keep
 * the operator locked out for as long as the connection stays open.
 */
export async function holdExportLease(db: Db, operatorId: string, list: string, options = EXPORT_LEASE_DEFAULTS): Promise<ExportLease | null> {
  const leaseId = randomUUID();
  if (!(await acquireExportLease(db, { operatorId, leaseId, list, ttlMs: options.ttlMs }))) return null;
  let moved = false;
  let released = false;
  const timer = setInterval(() => {
    if (!moved) return clearInterval(timer);
    moved = false;
    renewExportLease(db, operatorId, leaseId, options.ttlMs).catch((error: unknown) => {
      // A renewal that fails leaves the lease to lapse at its expiry: the export itself goes on.
      console.error(`[export] lease renewal failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, options.renewEveryMs);
  timer.unref();
  return {
    touch: () => {
      moved = true;
    },
    release: async () => {
      if (released) return;
      released = true;
      clearInterval(timer);
      await releaseExportLease(db, operatorId, leaseId).catch((error: unknown) => {
        console.error(`[export] lease release failed (it lapses by itself): ${error instanceof Error ? error.message : String(error)}`);
      });
    },
  };
}
