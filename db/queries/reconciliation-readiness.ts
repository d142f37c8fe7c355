import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { SyncResource } from "@/lib/sync/resources";
import type { Db } from "../index";
import { syncState } from "../schema";

// Whether the reconciliation's suggestions are the rules' result over a whole copy. Until the sync has copied the
// whole history of every resource the rules read, a pass over what is there presents a partial result as the whole
// (a first start: transfers copied before payments and customers, ~270 transfers shown Unmatched that have candidates).

/** The copies the rules read: transfers, and the payments and customers they are compared with. */
export const RULE_INPUTS = ["transfers", "payments", "customers"] as const satisfies readonly SyncResource[];

/** The full pass's pg-boss queue (lib/reconciliation/jobs.ts creates it; named here so a page can read it without pg-boss). */
export const RECONCILE_QUEUE = "reconcile";

/** The rules' inputs whose first complete copy (a backfill run to its end) the mode does not have yet, in RULE_INPUTS order. */
export async function listIncompleteRuleInputs(db: Db, mode: Mode): Promise<SyncResource[]> {
  const complete = await db
    .select({ resource: syncState.resource })
    .from(syncState)
    .where(and(eq(syncState.mode, mode), inArray(syncState.resource, [...RULE_INPUTS]), isNotNull(syncState.lastCompleteAt)));
  return RULE_INPUTS.filter((resource) => !complete.some((row) => row.resource === resource));
}

export type ReconcileReadiness = {
  /** Rule inputs without a complete copy yet (their backfill running, stopped, or not started). */
  incomplete: SyncResource[];
  /** A full pass of the rules queued or running for the mode: the queues are about to change. */
  fullPassPending: boolean;
};

export async function getReconcileReadiness(db: Db, mode: Mode): Promise<ReconcileReadiness> {
  // pg-boss makes its schema when a worker or "Sync now" first starts it: before that there is no job to look for (and
  // a statement naming its table would not even parse).
  const [incomplete, [queue]] = await Promise.all([listIncompleteRuleInputs(db, mode), db.execute<{ ready: boolean }>(sql`select to_regclass('pgboss.job') is not null as ready`)]);
  if (!queue?.ready) return { incomplete, fullPassPending: false };
  const [row] = await db.execute<{ pending: boolean }>(
    sql`select exists (select 1 from pgboss.job where name = ${RECONCILE_QUEUE} and singleton_key = ${mode} and state in ('created', 'retry', 'active')) as pending`,
  );
  return { incomplete, fullPassPending: !!row?.pending };
}
