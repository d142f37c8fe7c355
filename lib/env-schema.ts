import { z } from "zod";
import { parseImageOrigins } from "./catalog/image-origins.mjs";
import { parseTrustedProxies } from "./client-address.mjs";
import { parsePort } from "./port.mjs";

/** Secrets that ship in this repository for local use. Production refuses every one of them. */
export const DEV_DEFAULT_SECRETS = [
  "svc_test_secret_key_sandbox_dev",
  "svc_live_secret_key_sandbox_dev",
  "webhook_secret_test_dev",
  "webhook_secret_live_dev",
] as const;

export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];

// An empty line in a .env file means "unset", not "the empty string".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const booleanish = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? fallback : ["1", "true", "yes"].includes(String(value).toLowerCase())),
    z.boolean(),
  );

/** A switch: on/off, true/false, yes/no, 1/0; anything else is refused rather than read as "off". */
const onOff = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? String(fallback) : String(value).trim().toLowerCase()),
    z.enum(["1", "0", "true", "false", "yes", "no", "on", "off"], { message: "must be on or off (true/false)" }).transform((v) => ["1", "true", "yes", "on"].includes(v)),
  );

/** A secret key for one mode: the prefix decides the mode of the data, so a mismatch would show the wrong money. */
const secretKey = (mode: Mode) =>
  optional(
    z.string().superRefine((key, ctx) => {
      const other: Mode = mode === "test" ? "live" : "test";
      if (key.startsWith(`svc_${mode}_publishable_key_`) || key.startsWith(`svc_${other}_publishable_key_`)) {
        ctx.addIssue({ code: "custom", message: `is a publishable key; the server needs a secret key (svc_${mode}_secret_key_…)` });
      } else if (key.startsWith(`svc_${other}_`)) {
        ctx.addIssue({ code: "custom", message: `is a ${other} key but is configured for ${mode} mode` });
      } else if (!/^svc_(test|live)_secret_key_\S+$/.test(key)) {
        ctx.addIssue({ code: "custom", message: `must be a secret key starting with svc_${mode}_secret_key_` });
      }
    }),
  );

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "must be an IANA time zone such as America/Costa_Rica");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection URL")),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (generate one: openssl rand -base64 32)")),
  AUTH_TRUST_HOST: booleanish(true),
  // Read by the server (scripts/server.mjs, the same check), validated here too so a typo is reported with the others.
  PORT: optional(
    z.string().superRefine((text, ctx) => {
      const parsed = parsePort(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
    }),
  ),
  // Read by the server (scripts/server.mjs), validated here too so a typo is reported with the other settings.
  TRUSTED_PROXIES: optional(
    z.string().superRefine((text, ctx) => {
      const parsed = parseTrustedProxies(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: `${parsed.error}; list IP addresses or CIDR ranges, e.g. 10.0.0.0/8, 127.0.0.1` });
    }),
  ),
  // Read by next.config.mjs (scripts/lib/compression.mjs), validated here too: Next gzips its answers unless it is off.
  COMPRESS: onOff(true),
  // Unset: the local sandbox's address, for `npm run dev` and the tests; `npm start` refuses it unset (productionProblems).
  PAYMENT_API_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ error: (issue) => `is not a URL (given: ${JSON.stringify(issue.input)}); e.g. https://payments.example.com or http://localhost:4010` }).optional()),
  // Hosts of the service's product pictures besides PAYMENT_API_URL's own (the pages' CSP img-src, lib/catalog/image-origins.mjs).
  PAYMENT_IMAGE_ORIGINS: optional(
    z.string().superRefine((text, ctx) => {
      const parsed = parseImageOrigins(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: `${parsed.error}; list origins, e.g. https://cdn.example.com, https://images.example.com` });
    }),
  ),
  PAYMENT_SECRET_KEY_TEST: secretKey("test"),
  PAYMENT_SECRET_KEY_LIVE: secretKey("live"),
  WEBHOOK_SECRET_TEST: optional(z.string().min(16, "must be at least 16 characters")),
  WEBHOOK_SECRET_LIVE: optional(z.string().min(16, "must be at least 16 characters")),
  DEFAULT_TIME_ZONE: z.preprocess((v) => (v === "" ? undefined : v), timeZone.default("America/Costa_Rica")),
  // Per app process: with N instances the service sees up to N times this (see lib/payments/call-budget.ts).
  PAYMENT_API_MAX_CALLS_PER_SECOND: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : Number(v)),
    z.number({ error: "must be a number" }).int("must be a whole number of calls per second").min(1, "must be at least 1").max(10_000, "must be at most 10000").default(25),
  ),
  // The first retry's backoff step of a failed read (each next one doubles, jittered; lib/payments/retry.ts). The
  // default suits a service that is briefly overloaded; the e2e specs whose service is down on purpose set a few
  // milliseconds, so that each of their pages does not wait out about 1.3 s of retries before saying so.
  PAYMENT_API_RETRY_DELAY_MS: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : Number(v)),
    z.number({ error: "must be a number" }).int("must be a whole number of milliseconds").min(0, "must be at least 0").max(60_000, "must be at most 60000").default(250),
  ),
  LOG_LEVEL: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["debug", "info", "warn", "error"]).default("info")),
  /** Run the sync's job worker inside the app server (`npm run dev`, `npm start`); off when `npm run worker` runs apart. */
  SYNC_WORKER: onOff(true),
  /** Minutes between incremental sync passes of each resource. */
  SYNC_INTERVAL_MINUTES: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(59).default(5)),
  /** Minutes between re-reads of objects whose state can still change (pending transfers, open renewals, …). */
  SYNC_REFRESH_MINUTES: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(59).default(15)),
});

/** Where PAYMENT_API_URL points when unset: the local sandbox (`npm run dev` starts it there). */
export const SANDBOX_PAYMENT_API_URL = "http://localhost:4010";

// The default is filled in after parsing, so that the production checks can tell "unset" from a URL someone chose.
const withDefaults = envSchema.transform(({ PAYMENT_API_URL, ...rest }) => ({
  ...rest,
  PAYMENT_API_URL: PAYMENT_API_URL ?? SANDBOX_PAYMENT_API_URL,
  /** PAYMENT_API_URL was not set: the sandbox's address stands in. */
  paymentApiUrlDefaulted: PAYMENT_API_URL === undefined,
}));

export type Env = z.infer<typeof withDefaults>;

export function parseEnv(source: Record<string, string | undefined>) {
  return withDefaults.safeParse(source);
}

/**
 * What `npm start` must refuse: a production server without its own secrets. `devSecrets` are the values the dev
 * command generated on this machine (.data/dev-secrets.json), which are as unsafe as the ones in the repository.
 */
export function productionProblems(env: Env, devSecrets: readonly string[] = []): string[] {
  const problems: string[] = [];
  if (!env.AUTH_SECRET) problems.push("AUTH_SECRET is not set");
  if (!env.DATABASE_URL) problems.push("DATABASE_URL is not set");
  // Its development default would send a production server's calls (and secret keys) to a sandbox on this machine.
  if (env.paymentApiUrlDefaulted) problems.push(`PAYMENT_API_URL is not set (it would default to the development sandbox, ${SANDBOX_PAYMENT_API_URL}); set the Payment Service's URL`);
  const refused = new Set<string>([...DEV_DEFAULT_SECRETS, ...devSecrets]);
  const secrets: [string, string | undefined][] = [
    ["AUTH_SECRET", env.AUTH_SECRET],
    ["PAYMENT_SECRET_KEY_TEST", env.PAYMENT_SECRET_KEY_TEST],
    ["PAYMENT_SECRET_KEY_LIVE", env.PAYMENT_SECRET_KEY_LIVE],
    ["WEBHOOK_SECRET_TEST", env.WEBHOOK_SECRET_TEST],
    ["WEBHOOK_SECRET_LIVE", env.WEBHOOK_SECRET_LIVE],
  ];
  for (const [name, value] of secrets) {
    if (value && refused.has(value)) problems.push(`${name} is a development default; set a secret of your own`);
  }
  return problems;
}
