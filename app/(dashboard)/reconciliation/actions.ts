"use server";
// Reconciliation decisions from /reconciliation. The decision layer re-reads the role inside its transaction and writes
// the audit row; these add the session (a viewer's forged call ends at requireOperator with 403), the mode the operator
// is looking at, the answer in the operator's language and a fresh page.
import { refresh } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { rulesRunProgress } from "@/lib/reconciliation/rules-now";
import { syncSender } from "@/lib/sync/boot";
import { bulkConfirm, decide, runRulesNow, type BulkAnswer, type DecisionAnswer, type DecisionKind, type Words } from "./decide";

async function words(): Promise<Words> {
  const [t, locale] = await Promise.all([getT(), getLocale()]);
  return { t, locale: FORMAT_LOCALE[locale], timeZone: env().DEFAULT_TIME_ZONE };
}

async function run(kind: DecisionKind, input: unknown): Promise<DecisionAnswer> {
  const operator = await requireOperator("operator");
  const answer = await decide(getDb(), operator, await getMode(), kind, input, await words());
  // Refused too: someone else's decision is what the page must now show.
  refresh();
  return answer;
}

export async function confirmSuggestionAction(input: unknown) {
  return run("confirm", input);
}
export async function rejectSuggestionAction(input: unknown) {
  return run("reject", input);
}
export async function undoDecisionAction(input: unknown) {
  return run("undo", input);
}
export async function matchByHandAction(input: unknown) {
  return run("match", input);
}
export async function acceptWithoutMatchAction(input: unknown) {
  return run("accept", input);
}

const bulkSchema = z.strictObject({ matchIds: z.array(z.int().positive()).min(1).max(500), note: z.string().trim().max(500).optional() });

export async function bulkConfirmAction(input: unknown): Promise<BulkAnswer | { error: "invalid_input" }> {
  const operator = await requireOperator("operator");
  const parsed = bulkSchema.safeParse(input);
  if (!parsed.success) return { error: "invalid_input" };
  const answer = await bulkConfirm(getDb(), operator, await getMode(), parsed.data, await words());
  refresh();
  return answer;
}

export type RunRulesResult = { ok: true; job: string } | { ok: false; error: "queue_unavailable" };

/**
 * Queues a full pass of the rules (lib/reconciliation/rules-now) and answers at once: the button then follows the job
 * (rulesRunProgressAction) and shows its figures when it is done.
 */
export async function runRulesAction(): Promise<RunRulesResult> {
  // First, before reading anything: a viewer's forged call ends here with 403.
  const operator = await requireOperator("operator");
  let boss;
  try {
    boss = await syncSender();
  } catch {
    return { ok: false, error: "queue_unavailable" };
  }
  const job = await runRulesNow(getDb(), boss, operator, await getMode());
  if (!job) return { ok: false, error: "queue_unavailable" };
  return { ok: true, job };
}

const progressSchema = z.strictObject({ job: z.uuid() });
export type RulesRunAnswer = { ok: true; state: "queued"; workerBusy: boolean } | { ok: true; state: "running" | "failed" } | { ok: true; state: "done"; message: string } | { ok: false };

/** How far the pass of the operator's own request has got; done, its figures in words. Reads only. */
export async function rulesRunProgressAction(input: unknown): Promise<RulesRunAnswer> {
  const operator = await requireOperator("operator");
  const parsed = progressSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  try {
    const progress = await rulesRunProgress(getDb(), await syncSender(), { operatorId: operator.id, job: parsed.data.job });
    if (!progress) return { ok: false };
    if (progress.state !== "done") return { ok: true, ...progress };
    const { t } = await words();
    return { ok: true, state: "done", message: t("reconciliation.rulesRan", { suggestions: progress.stats.suggestions, linked: progress.stats.linked }) };
  } catch {
    return { ok: false };
  }
}
