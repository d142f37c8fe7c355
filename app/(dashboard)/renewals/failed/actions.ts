"use server";
// Follow-up of a failed renewal: assign, log a contact, set a promise date, close it by hand or reopen it. recordFollowUp (lib/renewals) writes the
// follow-up and its audit row in one transaction.
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { recordFollowUp, type FollowUpResult } from "@/lib/renewals/follow-up";

async function followUp(kind: "assign" | "contact" | "promise" | "close" | "reopen", input: unknown): Promise<FollowUpResult> {
  // First, before reading anything: a viewer's forged call ends here with 403.
  const operator = await requireOperator("operator");
  // The dialog refreshes the list when it closes: refreshing here would re-render the row under the open dialog.
  return recordFollowUp({ db: getDb(), mode: await getMode(), actor: operator }, kind, input);
}

export async function assignFailedRenewalAction(input: unknown) {
  return followUp("assign", input);
}

export async function logRenewalContactAction(input: unknown) {
  return followUp("contact", input);
}

export async function setRenewalPromiseAction(input: unknown) {
  return followUp("promise", input);
}

/** Closes a failure by hand (paid by other means, cancelled, written off, other) with a note: this app's record only. */
export async function closeFailedRenewalAction(input: unknown) {
  return followUp("close", input);
}

export async function reopenFailedRenewalAction(input: unknown) {
  return followUp("reopen", input);
}
