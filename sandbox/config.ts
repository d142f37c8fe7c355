import { z } from "zod";
import { DEV_DEFAULT_SECRETS } from "@/lib/env-schema";

// The sandbox is its own program (it stands in for the Payment Service), so it reads its own settings here.

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const schema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SANDBOX_HOST: z.string().default("127.0.0.1"),
  SANDBOX_SEED: z.string().min(1).default("backoffice"),
  SANDBOX_SCALE: z.coerce.number().positive().max(100).default(1),
  SANDBOX_DATA_DIR: z.string().default(".data/sandbox"),
  /** Pins the seed's "now" (ISO time); otherwise it is fixed the first time a data directory is used. */
  SANDBOX_NOW: optional(z.iso.datetime({ offset: true })),
  SANDBOX_PUBLIC_URL: optional(z.url()),
  /** Delay before every API answer, in ms: to feel what a slow Payment Service does to the app. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SANDBOX_SECRET_KEY_TEST: z.string().default(DEV_DEFAULT_SECRETS[0]),
  SANDBOX_SECRET_KEY_LIVE: z.string().default(DEV_DEFAULT_SECRETS[1]),
  SANDBOX_PUBLISHABLE_KEY_TEST: z.string().default("svc_test_publishable_key_sandbox_dev"),
  SANDBOX_PUBLISHABLE_KEY_LIVE: z.string().default("svc_live_publishable_key_sandbox_dev"),
  /** "off" sends no webhooks for that mode. */
  SANDBOX_WEBHOOK_URL_TEST: z.string().default("http://localhost:3000/api/webhooks/test"),
  SANDBOX_WEBHOOK_URL_LIVE: z.string().default("http://localhost:3000/api/webhooks/live"),
  SANDBOX_WEBHOOK_SECRET_TEST: z.string().default(DEV_DEFAULT_SECRETS[2]),
  SANDBOX_WEBHOOK_SECRET_LIVE: z.string().default(DEV_DEFAULT_SECRETS[3]),
});

export type SandboxConfig = z.infer<typeof schema>;

export function readSandboxConfig(source: Record<string, string | undefined> = process.env): SandboxConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid sandbox configuration:\n${result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  return result.data;
}
