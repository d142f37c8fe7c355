import "server-only";
import { sql } from "drizzle-orm";
import { checkpointSyncPass, recordSyncProblems, upsertSyncedRows } from "@/db/queries/sync";
import type { Database } from "@/db";
import type { Mode } from "@/lib/env-schema";
import type { ParsedSyncPage } from "./page";
import type { SyncResource } from "./resources";

type Checkpoint = Parameters<typeof checkpointSyncPass>[3];

/** Pages written at once: each on its own connection, so a slow commit does not hold up the next page. */
export const WRITES_IN_FLIGHT = 3;

/**
 * Writes pages while later ones are fetched. A page's rows commit in their own transaction, then its checkpoint is
 * saved, strictly in page order and only once every earlier page has committed: a run killed at any moment resumes
 * from a cursor whose pages are all stored, re-reading at most the few pages in flight (idempotent upserts).
 */
export function createPageWriter(db: Database, mode: Mode, resource: SyncResource, limit = WRITES_IN_FLIGHT) {
  const inFlight: Promise<void>[] = [];
  let lastCheckpoint: Promise<void> = Promise.resolve();

  async function write(page: ParsedSyncPage, checkpoint: Checkpoint): Promise<void> {
    const previous = lastCheckpoint;
    const done = (async () => {
      await db.transaction(async (tx) => {
        // The checkpoint is what makes a page count, and it comes after this commit: not waiting for the WAL flush
        // here risks nothing but re-reading a page after a crash, and is most of a small transaction's time.
        await tx.execute(sql`set local synchronous_commit = off`);
        await upsertSyncedRows(tx, resource, page.rows);
        await recordSyncProblems(tx, mode, resource, page.problems);
      });
      await previous;
      // Likewise: a checkpoint lost in a crash only means re-reading a page or two; waiting for each one's flush,
      // strictly one after another, would cap the whole pass at the disk's fsync rate.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await checkpointSyncPass(tx, mode, resource, checkpoint);
      });
    })();
    // Rejections surface through drain()/the window below; never as unhandled.
    done.catch(() => {});
    lastCheckpoint = done;
    inFlight.push(done);
    if (inFlight.length >= limit) await inFlight.shift();
  }

  /** Waits for every page written so far (and throws the first failure). */
  async function drain(): Promise<void> {
    while (inFlight.length > 0) await inFlight.shift();
  }

  return { write, drain };
}
