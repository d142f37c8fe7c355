import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds (user + system) used so far by a process (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by every PostgreSQL process of the machine. */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuSeconds(Number(entry));
    } catch {}
  }
  return total;
}

const TICK_MS = 10; // USER_HZ on Linux

/**
 * CPU milliseconds used so far by every backend connected to `database` and by their parallel workers still running
 * (null when the backends are not local processes). A difference of two readings is the server's CPU in between, less
 * what parallel workers that ended meanwhile used: a worker's time reaches only the postmaster's children's total once
 * it has ended, which every other process of the server (another database's closed connections, autovacuum) adds to
 * as well — counted, it put 150 to 1,700 s of other processes' CPU into one bench:sync round. A split full pass of the
 * rules starts no parallel workers (db/queries/reconciliation.ts).
 */
export function backendCpuMs(database: string): number | null {
  const processes: { pid: number; cmdline: string; fields: string[] }[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmdline.includes("postgres")) continue;
      processes.push({ pid: Number(pid), cmdline, fields: readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ") });
    } catch {
      // gone meanwhile
    }
  }
  const own = (fields: string[]) => Number(fields[11]) + Number(fields[12]);
  const backends = processes.filter((p) => p.cmdline.includes(` ${database} `));
  if (backends.length === 0) return null;
  const leaders = new Set(backends.map((p) => String(p.pid)));
  const workers = processes.filter((p) => leaders.has(/parallel worker for PID (\d+)/.exec(p.cmdline)?.[1] ?? ""));
  return [...backends, ...workers].reduce((sum, p) => sum + own(p.fields), 0) * TICK_MS;
}

/** CPU milliseconds used so far by a process and its descendants (the sandbox runs under a launcher). */
export function processTreeCpuMs(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) queue.push(child);
  }
  return ticks * TICK_MS;
}
