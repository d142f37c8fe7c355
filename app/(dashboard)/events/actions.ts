"use server";
// Re-processing a stored webhook event after a fix. reprocessEvent writes the audit row in its own transaction.
import { refresh } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { reprocessEvent } from "@/lib/webhooks/reprocess";
import type { EventStatus } from "./search-params";

const inputSchema = z.strictObject({ id: z.int().positive().max(Number.MAX_SAFE_INTEGER) });

export type ReprocessEventResult = { ok: true; status: EventStatus } | { ok: false; error: "invalid_input" | "not_found" | "not_reprocessable" };

export async function reprocessEventAction(input: unknown): Promise<ReprocessEventResult> {
  // First, before reading anything: a viewer's forged call ends here with 403.
  const operator = await requireOperator("operator");
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid_input" };
  // The mode the operator is looking at: an id from the other mode is not found rather than re-processed there.
  const mode = await getMode();
  const result = await reprocessEvent(getDb(), { mode, id: parsed.data.id, actor: { operatorId: operator.id, label: operator.email } });
  if (!result.ok) return { ok: false, error: result.reason };
  // The page re-renders with the new status (and without the button once there is nothing left to re-process).
  refresh();
  return { ok: true, status: result.status };
}
