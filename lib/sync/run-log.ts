// Pure: what the run log (sync_runs) and the queue's jobs must show after N processes ran the sync's jobs against one
// database — each job ran once, one backfill per (mode, resource), never two runs of one key at a time, none retried
// because its key was busy. Shared by the two-workers and the two-app-servers tests; a list of what is wrong, empty when
// all holds.

export type LoggedRun = { job_id: string | null; mode: string; resource: string; kind: string; worker: string; started_at: Date; finished_at: Date | null; outcome: string };
export type QueuedJobs = { key: string; n: number; retries: number };

export function runLogProblems(runs: LoggedRun[], jobs: QueuedJobs[], keys: { mode: string; resource: string }[]): string[] {
  const problems: string[] = [];
  const jobIds = runs.map((run) => run.job_id);
  if (!jobIds.every(Boolean)) problems.push("a run without a job");
  if (new Set(jobIds).size !== jobIds.length) problems.push("a job ran twice");
  for (const run of runs) if (run.outcome !== "succeeded") problems.push(`${run.mode}.${run.resource} ${run.kind}: ${run.outcome}`);
  for (const { mode, resource } of keys) {
    const mine = runs.filter((run) => run.mode === mode && run.resource === resource).sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
    const backfills = mine.filter((run) => run.kind === "backfill").length;
    if (backfills !== 1) problems.push(`${mode}.${resource}: ${backfills} backfills`);
    for (let i = 1; i < mine.length; i++) {
      if (mine[i]!.started_at.getTime() < (mine[i - 1]!.finished_at?.getTime() ?? Infinity)) problems.push(`${mode}.${resource}: two runs at once`);
    }
  }
  if (jobs.length !== keys.length) problems.push(`${jobs.length} job keys for ${keys.length} (mode, resource)`);
  for (const job of jobs) {
    if (job.retries !== 0) problems.push(`${job.key}: retried ${job.retries} times`);
    const logged = runs.filter((run) => `${run.mode}.${run.resource}` === job.key).length;
    if (job.n !== logged) problems.push(`${job.key}: ${job.n} jobs, ${logged} runs`);
  }
  return problems;
}
