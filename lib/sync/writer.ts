import "server-only";
import { syncPageQuery, type SyncCheckpoint } from "@/db/queries/sync";
import type { Database } from "@/db";
import type { Mode } from "@/lib/env-schema";
import type { ParsedSyncPage } from "./page";
import type { SyncResource } from "./resources";

/** Pages sent to the database and not yet committed: the fetch loop waits only once this many are in flight. */
export const PAGES_AHEAD = 4;

/**
 * Writes pages while later ones are fetched. Each page is one prepared statement (rows, problems and checkpoint
 * together: syncPageQuery), sent on a connection of its own without waiting for the previous page's answer
 * (pipelined): PostgreSQL runs them one after another in page order, with no round trip between them, and each moves
 * the checkpoint only from where the page before left it. So the checkpoint can never get ahead of a page whose rows
 * are not stored, and a run killed at any moment resumes after the last page committed. Measured (bench:sync): one
 * page's write is ~2.5 ms of database CPU; waiting for each answer before sending the next cost more than that again
 * on a loaded machine.
 */
export function createPageWriter(db: Database, mode: Mode, resource: SyncResource, start: Pick<SyncCheckpoint, "cursor" | "rowsDone">, ahead = PAGES_AHEAD) {
  let connection: ReturnType<Database["$client"]["reserve"]> | undefined;
  let after = start;
  const inFlight: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };

  async function write(page: ParsedSyncPage, checkpoint: SyncCheckpoint): Promise<void> {
    throwIfFailed();
    const query = syncPageQuery({ mode, resource, rows: page.rows, problems: page.problems }, after, checkpoint);
    after = { cursor: checkpoint.cursor, rowsDone: checkpoint.rowsDone };
    connection ??= db.$client.reserve();
    const sent = connection.then((sql) => sql.unsafe(query.sql, query.params as never[], { prepare: true }));
    const done = sent.then((result) => {
      if (!(result[0] as { applied?: boolean } | undefined)?.applied) {
        throw new Error(`${mode} ${resource}: the checkpoint was not where this pass left it (another process took the pass over?); page not written`);
      }
    });
    done.catch((error: unknown) => void (failure ??= { error }));
    inFlight.push(done);
    if (inFlight.length >= ahead) await inFlight.shift()!.catch(() => {});
    throwIfFailed();
  }

  /** Waits for every page sent so far, gives the connection back, and throws the first failure. */
  async function drain(): Promise<void> {
    await Promise.allSettled(inFlight.splice(0));
    if (connection) (await connection.catch(() => undefined))?.release();
    connection = undefined;
    throwIfFailed();
  }

  return { write, drain };
}
