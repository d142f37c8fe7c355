import "server-only";
import type { Database } from "@/db";
import type { Mode } from "@/lib/env-schema";
import { readBodyLimited, WEBHOOK_MAX_BYTES } from "./read-body";
import { describe } from "./database-error";
import { receiveDelivery } from "./receive";
import { secretMatches } from "./secret";

/**
 * The webhook endpoint's answer to one request, given the mode from its path, that mode's secret and the database.
 * 401/413 store nothing; 2xx means stored (processed, invalid, unrecognized, failed or a duplicate); 503 means not
 * stored, so the sender must retry.
 */
export async function handleWebhookRequest(
  request: Request,
  mode: Mode,
  secret: string | undefined,
  db: () => Database,
  /**
   * Told the transfers and payment intents a delivery stored, so reconciliation's rules are queued for them; not
   * awaited: the answer does not wait on the queue (the route hands it to Next's after(), lib/sync/boot.ts's
   * queueReconcileScope).
   */
  onStored?: (mode: Mode, scope: { refs: string[]; intentIds: string[] }) => unknown,
): Promise<Response> {
  if (!secretMatches(request.headers.get("x-webhook-secret"), secret)) {
    return Response.json({ error: "unauthorized" }, { status: 401 });
  }
  const body = await readBodyLimited(request, WEBHOOK_MAX_BYTES);
  if (body === null) return Response.json({ error: "payload_too_large", limitBytes: WEBHOOK_MAX_BYTES }, { status: 413 });
  try {
    const { reconcile, ...result } = await receiveDelivery(db(), mode, body);
    if (reconcile && onStored) onStored(mode, reconcile);
    return Response.json({ received: true, ...result });
  } catch (error) {
    // The cause only: the wrapped error repeats the statement and its parameters (the whole payload).
    console.error(`[webhooks] ${mode} delivery not stored: ${describe(error)}`);
    return Response.json({ error: "unavailable" }, { status: 503, headers: { "retry-after": "5" } });
  }
}
