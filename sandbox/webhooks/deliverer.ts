import type { Mode } from "../model";

export type WebhookTarget = { url: string; secret: string };
export type Attempt = { at: string; status: number | null; error: string | null; durationMs: number };
export type Delivery = {
  id: number;
  mode: Mode;
  type: string;
  body: string;
  url: string;
  state: "pending" | "delivered" | "failed";
  attempts: Attempt[];
  createdAt: string;
  /** Settles when the delivery has succeeded or given up. */
  done: Promise<void>;
};

export type DelivererOptions = {
  targets: Partial<Record<Mode, WebhookTarget>>;
  /** Tries per delivery, the first included. The service retries; so do we, at least 5 times. */
  maxAttempts?: number;
  /** Wait before the second try; doubles each time. */
  baseDelayMs?: number;
  timeoutMs?: number;
  /** How many past deliveries GET /_sandbox/deliveries keeps. */
  keep?: number;
  log?: (line: string) => void;
};

/**
 * Sends events the way the real service does: a POST of {type, data} with the endpoint's static secret in
 * X-Webhook-Secret, retried with backoff on a non-2xx answer or a network failure. Deliveries are independent, as
 * the real service's are (so they can overtake each other); `after` holds one back until another has finished.
 */
export class WebhookDeliverer {
  private readonly deliveries: Delivery[] = [];
  private nextId = 1;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly timeoutMs: number;
  private readonly keep: number;
  private stopped = false;

  constructor(private readonly options: DelivererOptions) {
    this.maxAttempts = Math.max(5, options.maxAttempts ?? 6);
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.keep = options.keep ?? 1_000;
  }

  /** Starts a delivery; `body` is sent byte for byte (a duplicate delivery re-sends the same bytes). */
  send(mode: Mode, type: string, body: string, options: { after?: Delivery } = {}): Delivery {
    const target = this.options.targets[mode];
    const delivery: Delivery = {
      id: this.nextId++,
      mode,
      type,
      body,
      url: target?.url ?? "",
      state: "pending",
      attempts: [],
      createdAt: new Date().toISOString(),
      done: Promise.resolve(),
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > this.keep) this.deliveries.shift();
    if (!target) {
      delivery.state = "failed";
      delivery.attempts.push({ at: delivery.createdAt, status: null, error: `no webhook URL configured for ${mode}`, durationMs: 0 });
      return delivery;
    }
    delivery.done = (options.after?.done ?? Promise.resolve()).then(() => this.deliver(delivery, target));
    return delivery;
  }

  event(mode: Mode, event: { type: string; data: unknown }, options: { after?: Delivery } = {}): Delivery {
    return this.send(mode, event.type, JSON.stringify(event), options);
  }

  list(): Delivery[] {
    return [...this.deliveries].reverse();
  }

  last(mode: Mode): Delivery | undefined {
    return this.deliveries.findLast((d) => d.mode === mode);
  }

  /** Resolves when everything queued so far has been delivered or has given up. */
  async idle(): Promise<void> {
    await Promise.all(this.deliveries.map((d) => d.done));
  }

  stop(): void {
    this.stopped = true;
  }

  private async deliver(delivery: Delivery, target: WebhookTarget): Promise<void> {
    for (let attempt = 1; attempt <= this.maxAttempts && !this.stopped; attempt++) {
      const started = performance.now();
      let status: number | null = null;
      let error: string | null = null;
      try {
        const response = await fetch(target.url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-webhook-secret": target.secret },
          body: delivery.body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch (cause) {
        error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
      }
      delivery.attempts.push({ at: new Date().toISOString(), status, error, durationMs: Math.round(performance.now() - started) });
      if (status !== null && status >= 200 && status < 300) {
        delivery.state = "delivered";
        return;
      }
      this.options.log?.(`webhook ${delivery.type} #${delivery.id} to ${delivery.mode}: try ${attempt} got ${status ?? error}`);
      if (attempt < this.maxAttempts) await new Promise((r) => setTimeout(r, this.baseDelayMs * 2 ** (attempt - 1)));
    }
    delivery.state = "failed";
  }
}
