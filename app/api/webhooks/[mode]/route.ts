// POST /api/webhooks/[mode] — store, dedupe, project
import { after } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { isMode } from "@/lib/mode";
import { queueReconcileScope } from "@/lib/sync/boot";
import { handleWebhookRequest } from "@/lib/webhooks/http";

// The Payment Service authenticates with the endpoint's static secret, not a session: the proxy lets this path through.
export async function POST(request: Request, { params }: { params: Promise<{ mode: string }> }) {
  const { mode } = await params;
  if (!isMode(mode)) return Response.json({ error: "not_found" }, { status: 404 });
  const settings = env();
  // The reconciliation of a stored transfer or intent is queued after the answer has gone (queueReconcileScope logs its
  // own failure; the next full pass reads them then): the sender's request never waits on the queue.
  return handleWebhookRequest(request, mode, mode === "test" ? settings.WEBHOOK_SECRET_TEST : settings.WEBHOOK_SECRET_LIVE, getDb, (storedMode, scope) =>
    after(() => queueReconcileScope(storedMode, scope)),
  );
}
