// The embedded PostgreSQL of `npm run dev`, run by this small process that dev starts in a process group of its own
// (node --import tsx scripts/lib/postgres-host.ts <dataDir> <preferredPort>). Started by dev itself, the server
// was in npm's group: Ctrl+C reached it with everything else and it stopped before the app, whose sync worker then
// logged "terminating connection due to administrator command". Here it stops only when dev asks (SIGTERM), last.
// Prints {"url": …} once the server accepts connections; stops the server too if dev goes away (stdin closes).
import { startEmbeddedPostgres } from "./postgres";

const [dataDir, preferredPort] = process.argv.slice(2);
const server = await startEmbeddedPostgres({ dataDir: dataDir!, preferredPort: Number(preferredPort), log: (line) => console.error(`[dev] ${line}`) }).catch(
  (error: unknown) => {
    console.error(`[dev] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server.stop().finally(() => process.exit(0));
};
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, stop);
process.stdin.on("end", stop).on("error", stop).resume();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
