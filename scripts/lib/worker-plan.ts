import type { Env, Mode } from "@/lib/env-schema";

/** What `npm run worker` says at start: what it will sync, from where, how often; or plainly that it syncs nothing. */
export function workerPlan(modes: readonly Mode[], settings: Pick<Env, "PAYMENT_API_URL" | "SYNC_INTERVAL_MINUTES" | "SYNC_REFRESH_MINUTES">): string[] {
  if (modes.length === 0) {
    return [
      "No Payment Service key (PAYMENT_SECRET_KEY_TEST, PAYMENT_SECRET_KEY_LIVE): nothing will be synced.",
      "It still runs the reconciliation jobs the app queues. Set a key and restart to sync.",
    ];
  }
  const missing = (["test", "live"] as const).filter((mode) => !modes.includes(mode));
  return [
    `Syncing ${modes.join(" and ")} mode from ${settings.PAYMENT_API_URL}: every ${settings.SYNC_INTERVAL_MINUTES} min, re-reading what can still change every ${settings.SYNC_REFRESH_MINUTES} min.`,
    ...missing.map((mode) => `Not syncing ${mode} mode: PAYMENT_SECRET_KEY_${mode.toUpperCase()} is not set.`),
  ];
}
