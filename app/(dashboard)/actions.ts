"use server";
// "Sync now" (the Data sync card on Settings and the Overview's sync line): queues the (mode, resource) sync jobs on
// the sync's stately queue, with the audit row in the same transaction as the jobs.
import { refresh } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { requireOperator } from "@/lib/auth/require-operator";
import { MODES } from "@/lib/env-schema";
import { syncedModes, syncSender } from "@/lib/sync/boot";
import { enqueueSyncInTransaction, SYNC_QUEUE } from "@/lib/sync/queue";
import { SYNC_RESOURCES } from "@/lib/sync/resources";

const inputSchema = z.strictObject({ mode: z.enum(MODES), resource: z.enum(SYNC_RESOURCES).optional() });

export type SyncNowResult = { ok: true; queued: number; jobs: string[] } | { ok: false; error: "invalid_input" | "mode_not_configured" | "queue_unavailable" };

export async function syncNowAction(input: unknown): Promise<SyncNowResult> {
  // First, before reading anything: a viewer's forged call ends here with 403.
  const operator = await requireOperator("operator");
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid_input" };
  const { mode, resource } = parsed.data;
  if (!syncedModes().includes(mode)) return { ok: false, error: "mode_not_configured" };
  const resources = resource ? [resource] : [...SYNC_RESOURCES];
  let boss;
  try {
    boss = await syncSender();
  } catch {
    return { ok: false, error: "queue_unavailable" };
  }
  // A resource whose job is already queued gets none (the stately queue keeps one): the audit row says which were.
  const queued = await getDb().transaction(async (tx) => {
    const ids = await enqueueSyncInTransaction(boss, tx, resources.map((r) => ({ mode, resource: r })));
    const jobs = Object.fromEntries(resources.map((r, i) => [r, ids[i] ?? null]));
    await insertAudit(tx, {
      operatorId: operator.id,
      actor: operator.email,
      action: "sync.request",
      subjectType: "sync",
      subjectId: `${mode}.${resource ?? "all"}`,
      mode,
      before: null,
      after: { jobs },
    });
    return ids.filter((id): id is string => id !== null);
  });
  // The card re-renders with the new state.
  refresh();
  return { ok: true, queued: queued.length, jobs: queued };
}

const progressSchema = z.strictObject({ jobs: z.array(z.uuid()).min(1).max(SYNC_RESOURCES.length) });
export type SyncJobsProgress = { ok: true; done: number; failed: number; pending: number } | { ok: false };

/**
 * How far the jobs a "Sync now" queued have got (the button asks every few seconds until none is pending, then
 * refreshes the page): done, failed (its retries spent, or cancelled), still queued or running. Reads only.
 */
export async function syncJobsProgressAction(input: unknown): Promise<SyncJobsProgress> {
  await requireOperator("operator");
  const parsed = progressSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  try {
    const boss = await syncSender();
    const states = await Promise.all(parsed.data.jobs.map(async (id) => (await boss.findJobs(SYNC_QUEUE, { id }))[0]?.state ?? "completed"));
    const done = states.filter((state) => state === "completed").length;
    const failed = states.filter((state) => state === "failed" || state === "cancelled").length;
    return { ok: true, done, failed, pending: states.length - done - failed };
  } catch {
    return { ok: false };
  }
}
