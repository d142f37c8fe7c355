import "server-only";
import { syncPageQuery, type SyncCheckpoint } from "@/db/queries/sync";
import type { Database } from "@/db";
import type { Mode } from "@/lib/env-schema";
import { rowKey, type ParsedSyncPage, type SyncProblem } from "./page";
import type { SyncResource } from "./resources";

/** At most this many pages in one write: the fetch loop waits once a group this large is waiting behind the write in flight. */
export const MAX_GROUP_PAGES = 20;

type Group = { rows: Record<string, unknown>[]; problems: SyncProblem[]; keys: Set<string>; pages: number; checkpoint: SyncCheckpoint };

/**
 * Writes pages while later ones are fetched, with group commit: one write at a time is in flight, on a connection of
 * its own; the pages fetched while it runs wait and go together as the next write, one statement and one transaction
 * (syncPageQuery: their rows, their records set aside, and the checkpoint after the last of them). When the database
 * keeps up (a slow API) every page is its own write, as before; when it falls behind (a fast one) the writes grow, up to
 * MAX_GROUP_PAGES pages, and what each page costs beyond its rows — the statement, its transaction and commit, the
 * checkpoint's row version, the driver's work, a statement trigger's run — is paid once per group. Measured (the same
 * 200 transfers pages written back to back, PostgreSQL's CPU read from /proc, 2 shared cores): ~2.5 → ~2.0 ms of
 * database CPU per page, and ~0.85 → ~0.45 ms of this process's, CPU which on such a machine is taken from the fetch.
 *
 * The checkpoint still moves only from where the previous write left it, and only with its rows: a run killed at any
 * moment resumes right after the last page committed, and repeats nothing committed. Pages that list the same record
 * are never grouped (one statement cannot update a row twice, and page order must decide what is stored).
 */
export function createPageWriter(db: Database, mode: Mode, resource: SyncResource, start: Pick<SyncCheckpoint, "cursor" | "rowsDone">, maxGroup = MAX_GROUP_PAGES) {
  let connection: ReturnType<Database["$client"]["reserve"]> | undefined;
  let after = start;
  const waiting: Group[] = [];
  let inFlight: Promise<void> | null = null;
  let failure: { error: unknown } | undefined;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };

  function add(page: ParsedSyncPage, checkpoint: SyncCheckpoint) {
    const keys = page.rows.map(rowKey);
    const last = waiting.at(-1);
    if (last && last.pages < maxGroup && !keys.some((key) => last.keys.has(key))) {
      last.rows.push(...page.rows);
      last.problems.push(...page.problems);
      for (const key of keys) last.keys.add(key);
      last.pages++;
      // Only a pass's first page carries the pending watermark.
      last.checkpoint = { ...checkpoint, pendingWatermark: last.checkpoint.pendingWatermark ?? checkpoint.pendingWatermark };
    } else {
      waiting.push({ rows: [...page.rows], problems: [...page.problems], keys: new Set(keys), pages: 1, checkpoint });
    }
  }

  /** Sends the next waiting group unless a write is in flight; each write, once answered, sends the next. */
  function pump() {
    if (inFlight || failure || waiting.length === 0) return;
    const group = waiting.shift()!;
    const query = syncPageQuery({ mode, resource, rows: group.rows, problems: group.problems }, after, group.checkpoint);
    after = { cursor: group.checkpoint.cursor, rowsDone: group.checkpoint.rowsDone };
    connection ??= db.$client.reserve();
    inFlight = connection
      .then((sql) => sql.unsafe(query.sql, query.params as never[], { prepare: true }))
      .then((result) => {
        if (!(result[0] as { applied?: boolean } | undefined)?.applied) {
          throw new Error(`${mode} ${resource}: the checkpoint was not where this pass left it (another process took the pass over?); page not written`);
        }
      })
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => {
        inFlight = null;
        pump();
      });
  }

  /** Queues a page; waits only while a full group is already waiting for the write in flight. */
  async function write(page: ParsedSyncPage, checkpoint: SyncCheckpoint): Promise<void> {
    throwIfFailed();
    add(page, checkpoint);
    pump();
    while (inFlight && !failure && (waiting.length > 1 || (waiting[0]?.pages ?? 0) >= maxGroup)) await inFlight;
    throwIfFailed();
  }

  /** Writes every page queued so far, gives the connection back, and throws the first failure. */
  async function drain(): Promise<void> {
    while (inFlight) await inFlight;
    if (connection) (await connection.catch(() => undefined))?.release();
    connection = undefined;
    throwIfFailed();
  }

  return { write, drain };
}
