import "server-only";
import os from "node:os";
import {
  failSyncPass,
  finishSyncPass,
  finishSyncRun,
  getSyncState,
  listOpenLocalKeys,
  recordSyncProblems,
  startSyncPass,
  startSyncRun,
  upsertSyncedRows,
  type SyncKind,
} from "@/db/queries/sync";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "@/db";
import type { Mode } from "@/lib/env-schema";
import type { PaymentClient } from "@/lib/payments/client";
import { fetchSyncPage, fetchSyncRecord, isKeyProblem, type PageRequest } from "./fetch";
import { parseRecords, parseSyncPage, rowKey, type ParsedSyncPage } from "./page";
import { RESOURCES, type SyncResource } from "./resources";
import { createPageWriter } from "./writer";

/** Records created in the same second as the watermark (or written late by the service) are read again, not missed. */
export const DEFAULT_OVERLAP_MS = 2 * 60_000;

export type SyncProgress = { mode: Mode; resource: SyncResource; kind: SyncKind; rowsDone: number; total?: number };

export type SyncRequest = {
  db: Database;
  client: PaymentClient;
  mode: Mode;
  resource: SyncResource;
  /** Default: a backfill until one has completed (or resuming one cut short), then incremental. */
  kind?: SyncKind;
  /** Start the backfill again from the newest record, ignoring a saved cursor. */
  full?: boolean;
  overlapMs?: number;
  jobId?: string;
  worker?: string;
  onProgress?: (progress: SyncProgress) => void;
  /**
   * Runs in the transaction that records the pass's end (finished or failed) in sync_state, so what it writes — the
   * worker queues the reconciliation pass the rows ask for — commits exactly when the end does: a process that dies
   * after the pass cannot leave the copy complete and the pass it owes unqueued. The ends of one mode's passes take
   * turns (an advisory lock until commit): of two backfills completing together, the later one sees the other's end.
   */
  onFinish?: (tx: Transaction, result: SyncResult) => Promise<unknown>;
  /** Tests stop a run after this many pages, as a kill would. */
  stopAfterPages?: number;
};

export type SyncResult = {
  mode: Mode;
  resource: SyncResource;
  kind: SyncKind;
  rows: number;
  problems: number;
  apiCalls: number;
  /** The keys of the rows this pass wrote (for a reconcile pass scoped to them), or null when more than WRITTEN_KEYS_KEPT. */
  written: string[] | null;
  /**
   * This pass made the resource's first complete copy in the mode (its first backfill ran to its end, resumed or not):
   * the reconcile passes deferred until the copies the rules read were complete are owed now (lib/reconciliation/jobs.ts).
   */
  completedCopy?: boolean;
  total?: number;
  error?: string;
  keyProblem?: boolean;
  busy?: boolean;
};

/** Beyond this many rows written, a pass reports no keys: a full reconcile pass is cheaper than one scoped to them all. */
export const WRITTEN_KEYS_KEPT = 2_000;

export class SyncStopped extends Error {}

type Plan = { kind: SyncKind; resume: boolean; requests: PageRequest[]; cursor?: string; rowsDone: number; deadOwner?: string; firstCopy?: boolean };

/** This process, as sync_state.owner names it. */
const OWNER = `${os.hostname()}:${process.pid}`;

/** A pass left "running" by a process of this host that no longer exists (killed): no need to wait out its lease. */
function deadLocalOwner(owner: string | null | undefined): string | undefined {
  const [host, pid] = (owner ?? "").split(":");
  if (host !== os.hostname() || !pid || Number(pid) === process.pid) return undefined;
  try {
    process.kill(Number(pid), 0);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH" ? owner! : undefined;
  }
}

async function plan(request: SyncRequest): Promise<Plan> {
  const def = RESOURCES[request.resource];
  const state = await getSyncState(request.db, request.mode, request.resource);
  const deadOwner = state?.phase === "running" ? deadLocalOwner(state.owner) : undefined;
  // A re-read only makes sense over a complete copy: until the backfill has finished, the job carries it on instead.
  if (request.kind === "refresh" && state?.lastCompleteAt && !state.cursor) {
    const statuses = def.changeable === "all" || !def.changeable ? [undefined] : def.changeable.statuses;
    const requests: PageRequest[] = statuses.map((status) => (status ? { filters: { status } } : {}));
    if (def.recent) {
      const since = new Date(Date.now() - def.recent.days * 86_400_000);
      requests.push(...def.recent.statuses.map((status) => ({ filters: { status }, createdAt: { gte: since } })));
    }
    return { kind: "refresh", resume: false, requests, rowsDone: 0, deadOwner };
  }
  const resumable = !request.full && state?.kind === "backfill" && !!state.cursor;
  const firstCopy = !state?.lastCompleteAt;
  if (resumable) return { kind: "backfill", resume: true, requests: [{}], cursor: state.cursor!, rowsDone: state.rowsDone, deadOwner, firstCopy };
  if (request.full || request.kind === "backfill" || !state?.lastCompleteAt || !state.watermark) {
    return { kind: "backfill", resume: false, requests: [{}], rowsDone: 0, deadOwner, firstCopy };
  }
  const from = new Date(state.watermark.getTime() - (request.overlapMs ?? DEFAULT_OVERLAP_MS));
  return { kind: "incremental", resume: false, requests: [{ createdAt: { gte: from } }], rowsDone: 0, deadOwner };
}

/**
 * One pass of one resource in one mode. Pages are fetched newest first, 100 at a time, and written with their
 * checkpoint while the next pages are already being fetched, so the database write and the API round trip overlap:
 * each write is one transaction holding a page, or the pages fetched while the previous write ran (lib/sync/writer.ts),
 * and a kill at any moment loses nothing committed and repeats nothing committed.
 */
export async function runSync(request: SyncRequest): Promise<SyncResult> {
  const { db, client, mode, resource } = request;
  const def = RESOURCES[resource];
  const steps = await plan(request);
  const result: SyncResult = { mode, resource, kind: steps.kind, rows: steps.rowsDone, problems: 0, apiCalls: 0, written: [] };
  const wrote = (rows: Record<string, unknown>[]) => {
    if (result.written && result.written.length + rows.length > WRITTEN_KEYS_KEPT) result.written = null;
    else result.written?.push(...rows.map(rowKey));
  };
  if (!(await startSyncPass(db, { mode, resource, kind: steps.kind, resume: steps.resume, owner: OWNER, deadOwner: steps.deadOwner }))) {
    return { ...result, error: `${mode} ${resource}: another process is running this sync`, busy: true };
  }
  const runId = await startSyncRun(db, { jobId: request.jobId, mode, resource, kind: steps.kind, worker: request.worker ?? `pid ${process.pid}` });
  let pages = 0;
  // Where startSyncPass left the checkpoint: a resumed backfill's, else none.
  // A backfill's writes are plain inserts until one meets a stored row (lib/sync/writer.ts); other passes mostly read rows stored already.
  const writer = createPageWriter(db, mode, resource, { cursor: steps.resume ? (steps.cursor ?? null) : null, rowsDone: steps.rowsDone }, { insertFirst: steps.kind === "backfill" });
  const seen = new Set<string>();

  const fetchParsed = async (pageRequest: PageRequest): Promise<ParsedSyncPage> => {
    result.apiCalls++;
    return parseSyncPage(def, await fetchSyncPage(client, def, pageRequest), mode, new Date());
  };

  try {
    for (const base of steps.requests) {
      const startingAfter = steps.kind === "backfill" ? steps.cursor : undefined;
      let pending: Promise<ParsedSyncPage> | null = fetchParsed({ ...base, startingAfter });
      let first = !steps.resume;
      while (pending) {
        const page: ParsedSyncPage = await pending;
        // The next page is on its way while this one is written.
        pending = page.next ? fetchParsed({ ...base, startingAfter: page.next }) : null;
        pending?.catch(() => {});
        if (request.stopAfterPages !== undefined && pages >= request.stopAfterPages) throw new SyncStopped("stopped by request");
        if (steps.kind === "refresh") for (const row of page.rows) seen.add(rowKey(row));
        wrote(page.rows);
        result.rows += page.rows.length;
        result.problems += page.problems.length;
        result.total = page.total;
        const pendingWatermark = first && steps.kind !== "refresh" && page.newestCreatedAt ? new Date(page.newestCreatedAt) : undefined;
        first = false;
        await writer.write(page, {
          cursor: steps.kind === "backfill" ? (page.next ?? null) : null,
          rowsDone: result.rows,
          // Only a backfill reads the unfiltered list: its total is the service's count of the resource.
          remoteTotal: steps.kind === "backfill" ? page.total : undefined,
          pendingWatermark,
        });
        pages++;
        request.onProgress?.({ mode, resource, kind: steps.kind, rowsDone: result.rows, total: page.total });
      }
    }
    await writer.drain();
    if (steps.kind === "refresh") await confirmOpenRows(request, seen, result, wrote);
    const done: SyncResult = { ...result, completedCopy: steps.kind === "backfill" && !!steps.firstCopy };
    await endPass(request, done, (tx) => finishSyncPass(tx, mode, resource, steps.kind));
    await finishSyncRun(db, runId, { rows: result.rows, apiCalls: result.apiCalls });
    return done;
  } catch (error) {
    // Let the pages in flight settle, so their checkpoints land before the failure is recorded.
    await writer.drain().catch(() => {});
    const keyProblem = isKeyProblem(error);
    const message = `${keyProblem ? "The Payment Service refused this mode's key; sync stopped until it is fixed. " : ""}${error instanceof Error ? error.message : String(error)}`;
    const failed: SyncResult = { ...result, error: message, keyProblem };
    await endPass(request, failed, (tx) => failSyncPass(tx, mode, resource, message));
    await finishSyncRun(db, runId, { rows: result.rows, apiCalls: result.apiCalls, error: message });
    return failed;
  }
}

/** The pass's end in sync_state and the caller's onFinish, one transaction; one mode's ends in turn (see onFinish). */
async function endPass(request: SyncRequest, result: SyncResult, record: (tx: Transaction) => Promise<void>): Promise<void> {
  await request.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7271302, hashtext(${request.mode}))`);
    await record(tx);
    await request.onFinish?.(tx, result);
  });
}

const CONFIRM_BATCH = 100;

/**
 * The re-read's second half: rows still open here that the open-status lists no longer return have left their open
 * state upstream (an intent succeeded, a transfer arrived) without a webhook saying so; read each and write what it is now.
 */
async function confirmOpenRows(request: SyncRequest, seen: Set<string>, result: SyncResult, wrote: (rows: Record<string, unknown>[]) => void): Promise<void> {
  const { db, client, mode, resource } = request;
  const def = RESOURCES[resource];
  const stale = (await listOpenLocalKeys(db, mode, resource)).filter((key) => !seen.has(key));
  for (let i = 0; i < stale.length; i += CONFIRM_BATCH) {
    const keys = stale.slice(i, i + CONFIRM_BATCH);
    const records: unknown[] = [];
    // A few at a time: enough to overlap round trips, few enough to stay polite to the service.
    for (let j = 0; j < keys.length; j += 4) {
      const batch = keys.slice(j, j + 4);
      result.apiCalls += batch.length;
      records.push(...(await Promise.all(batch.map((key) => fetchSyncRecord(client, def, key)))).filter((r) => r !== null));
    }
    const parsed = parseRecords(def, records, mode, new Date());
    await db.transaction(async (tx) => {
      await upsertSyncedRows(tx, resource, parsed.rows);
      await recordSyncProblems(tx, mode, resource, parsed.problems);
    });
    wrote(parsed.rows);
    result.rows += parsed.rows.length;
    result.problems += parsed.problems.length;
  }
}
