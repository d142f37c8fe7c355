// Pure: `npm run sync -- [--mode test|live] [--resource payments,transfers] [--full] [--refresh]`.
import { MODES, type Mode } from "@/lib/env-schema";
import { isSyncResource, SYNC_RESOURCES, type SyncResource } from "./resources";

export type SyncCliArgs = { modes?: Mode[]; resources: SyncResource[]; full: boolean; refresh: boolean };

/** Usage and exit code 0: what `--help` or `-h` asks for. */
export const SYNC_HELP = { help: true } as const;

export const SYNC_USAGE = `Usage: npm run sync -- [--mode test|live] [--resource ${SYNC_RESOURCES.join("|")}] [--full] [--refresh]
  One pass in the foreground: a backfill until one has completed (--full starts it again from the newest record),
  then incremental; --refresh re-reads the objects whose state can still change. Every mode with a key by default.
  Uses DATABASE_URL and PAYMENT_API_URL, or beside a running \`npm run dev\` its database and sandbox.`;

export function parseSyncArgs(argv: string[]): SyncCliArgs | { error: string } | typeof SYNC_HELP {
  if (argv.some((arg) => arg === "--help" || arg === "-h")) return SYNC_HELP;
  const args: SyncCliArgs = { resources: [...SYNC_RESOURCES], full: false, refresh: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--full") args.full = true;
    else if (flag === "--refresh") args.refresh = true;
    else if (flag === "--mode") {
      const mode = value();
      if (!mode || !(MODES as readonly string[]).includes(mode)) return { error: `--mode must be test or live (got ${mode ?? "nothing"})` };
      args.modes = [mode as Mode];
    } else if (flag === "--resource") {
      const names = (value() ?? "").split(",").filter(Boolean);
      const unknown = names.filter((name) => !isSyncResource(name));
      if (names.length === 0 || unknown.length > 0) return { error: `--resource must be among ${SYNC_RESOURCES.join(", ")} (got ${unknown.join(", ") || "nothing"})` };
      args.resources = names as SyncResource[];
    } else return { error: `unknown option ${argv[i]}` };
  }
  if (args.full && args.refresh) return { error: "--full and --refresh are two different passes: choose one" };
  return args;
}
