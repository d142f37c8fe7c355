"use server";
// "Sync now" (the Data sync card on Settings and the Overview's sync line): queues the (mode, resource) sync jobs on
// the sync's stately queue, with the audit row in the same transaction as the jobs (lib/sync/sync-now).
import { refresh } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { MODES } from "@/lib/env-schema";
import { syncedModes, syncSender } from "@/lib/sync/boot";
import { requestSyncNow, syncNowProgress, type SyncJobsCounts } from "@/lib/sync/sync-now";
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
  let boss;
  try {
    boss = await syncSender();
  } catch {
    return { ok: false, error: "queue_unavailable" };
  }
  const queued = await requestSyncNow(getDb(), boss, { operator, mode, resource });
  // The card re-renders with the new state.
  refresh();
  return { ok: true, queued: queued.length, jobs: queued };
}

const progressSchema = z.strictObject({ jobs: z.array(z.uuid()).min(1).max(SYNC_RESOURCES.length) });
export type SyncJobsProgress = ({ ok: true } & SyncJobsCounts) | { ok: false };

/**
 * How far the jobs the operator's own "Sync now" queued have got (the button asks every few seconds until none is
 * pending, then refreshes the page); ids their request did not queue count for nothing (lib/sync/sync-now). Reads only.
 */
export async function syncJobsProgressAction(input: unknown): Promise<SyncJobsProgress> {
  const operator = await requireOperator("operator");
  const parsed = progressSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  try {
    const progress = await syncNowProgress(getDb(), await syncSender(), { operatorId: operator.id, jobs: parsed.data.jobs });
    return progress ? { ok: true, ...progress } : { ok: false };
  } catch {
    return { ok: false };
  }
}
