import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { env } from "@/lib/env";
import { MODES, type Mode } from "@/lib/env-schema";

export type { Mode };
export const MODE_COOKIE = "bo_mode";

/** The modes this deployment can show: only those whose secret key is configured. */
export function availableModes(): Mode[] {
  const settings = env();
  return MODES.filter((mode) => (mode === "test" ? settings.PAYMENT_SECRET_KEY_TEST : settings.PAYMENT_SECRET_KEY_LIVE));
}

export function isMode(value: unknown): value is Mode {
  return typeof value === "string" && (MODES as readonly string[]).includes(value);
}

/**
 * The operator's current mode (this app's tenant key). A cookie naming a mode without a key falls back to the first
 * configured one — test before live, so that nobody lands on real money by accident.
 */
export const getMode = cache(async (): Promise<Mode> => {
  const chosen = (await cookies()).get(MODE_COOKIE)?.value;
  const modes = availableModes();
  if (isMode(chosen) && modes.includes(chosen)) return chosen;
  return modes[0] ?? "test";
});
