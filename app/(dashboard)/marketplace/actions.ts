"use server";
// The admin's marketplace actions: create a seller, issue a new onboarding link, set the weekly fee (lib/marketplace).
// The link comes back in the action's answer, for the dialog that shows it once; it is never put in the page.
import { refresh } from "next/cache";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { changeWeeklyFee, createSeller, issueOnboardingLink, type SellerContext } from "@/lib/marketplace/sellers";
import { getMode } from "@/lib/mode";
import { getPaymentClient } from "@/lib/payments";
import { explainPaymentError } from "@/lib/payments/explain-error";
import { isPaymentServiceError } from "@/lib/payments/errors";
import { syncSender } from "@/lib/sync/boot";
import { enqueueSync } from "@/lib/sync/queue";

type NoClient = { ok: false; error: "service"; problem: ReturnType<typeof explainPaymentError> };

async function sellerContext(): Promise<SellerContext | NoClient> {
  // First, before reading anything: a viewer's or operator's forged call ends here with 403.
  const actor = await requireOperator("admin");
  const mode = await getMode();
  try {
    return { db: getDb(), client: getPaymentClient(mode), mode, actor };
  } catch (error) {
    // No key for this mode: nothing was sent.
    if (isPaymentServiceError(error)) return { ok: false, error: "service", problem: explainPaymentError(error) };
    throw error;
  }
}

export async function createSellerAction(input: unknown) {
  const context = await sellerContext();
  if ("ok" in context) return context;
  const result = await createSeller(context, input);
  if (result.ok) {
    // The list reads the sync's copy: ask for the new seller now rather than at the next scheduled pass. Best effort:
    // without a queue the scheduled pass brings it.
    await syncSender()
      .then((boss) => enqueueSync(boss, { mode: context.mode, resource: "accounts" }))
      .catch(() => undefined);
    refresh();
  }
  return result;
}

/** Runs one of the admin's writes; the page re-reads the seller when it went through. */
async function refreshed<R extends { ok: boolean }>(write: (context: SellerContext, input: unknown) => Promise<R>, input: unknown) {
  const context = await sellerContext();
  if ("ok" in context) return context;
  const result = await write(context, input);
  if (result.ok) refresh();
  return result;
}

export async function issueOnboardingLinkAction(input: unknown) {
  return refreshed(issueOnboardingLink, input);
}

export async function setWeeklyFeeAction(input: unknown) {
  return refreshed(changeWeeklyFee, input);
}
