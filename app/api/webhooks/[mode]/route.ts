// POST /api/webhooks/[mode] — store, dedupe, project
import { after } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { isMode } from "@/lib/mode";
import { queueReconcileTransfers } from "@/lib/sync/boot";
import { handleWebhookRequest } from "@/lib/webhooks/http";

// The Payment Service authenticates with the endpoint's static secret, not a session: the proxy lets this path through.
export async function POST(request: Request, { params }: { params: Promise<{ mode: string }> }) {
  const { mode } = await params;
  if (!isMode(mode)) return Response.json({ error: "not_found" }, { status: 404 });
  const settings = env();
  // A stored transfer's reconciliation is queued after the answer has gone (queueReconcileTransfers logs its own failure;
  // the next sync's pass finds the transfer then): the sender's request never waits on the queue.
  return handleWebhookRequest(request, mode, mode === "test" ? settings.WEBHOOK_SECRET_TEST : settings.WEBHOOK_SECRET_LIVE, getDb, (transferMode, refs) =>
    after(() => queueReconcileTransfers(transferMode, refs)),
  );
}
