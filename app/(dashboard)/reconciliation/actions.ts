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

export async function runRulesAction(): Promise<{ ok: true; message: string } | { ok: false }> {
  const operator = await requireOperator("operator");
  const stats = await runRulesNow(getDb(), operator, await getMode());
  if (!stats) return { ok: false };
  refresh();
  return { ok: true, message: (await words()).t("reconciliation.rulesRan", { suggestions: stats.suggestions, linked: stats.linked }) };
}
