// One line per HTTP request. Only method, path (no query string: filters carry personal ids such as a sender's
// cédula), status and duration; never a key, a body or a URL from a body (onboardingUrl).

export type CallLog = {
  method: "GET" | "POST";
  path: string;
  /** HTTP status, or what happened instead of a response. */
  status: number | "network_error" | "timeout";
  durationMs: number;
  /** 1 for the first try; higher on retries of a GET. */
  attempt: number;
};

export type PaymentLogger = (entry: CallLog) => void;

export function formatCallLog(entry: CallLog): string {
  const retry = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : "";
  return `[payments] ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms${retry}`;
}

const LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LEVELS)[number];

/** Successful calls at info, failed ones at warn, filtered by the configured LOG_LEVEL. */
export function consoleLogger(minLevel: Level = "info"): PaymentLogger {
  const enabled = (level: Level) => LEVELS.indexOf(level) >= LEVELS.indexOf(minLevel);
  return (entry) => {
    const failed = typeof entry.status !== "number" || entry.status >= 400;
    if (failed && enabled("warn")) console.warn(formatCallLog(entry));
    else if (!failed && enabled("info")) console.info(formatCallLog(entry));
  };
}
