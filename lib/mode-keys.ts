import type { Mode } from "@/lib/env-schema";

/**
 * The setting that holds each mode's secret key: its NAME, never a value (the top bar's mode switch names it in the
 * browser to say why a mode is not offered; the sync names it for a refused key).
 */
export const MODE_KEY_SETTING: Record<Mode, string> = { test: "PAYMENT_SECRET_KEY_TEST", live: "PAYMENT_SECRET_KEY_LIVE" };

/** Every mode, in the switch's order, for code that runs in the browser (lib/env-schema.ts's MODES pulls in node modules). */
export const ALL_MODES = Object.keys(MODE_KEY_SETTING) as Mode[];
