"use server";
// Closing and reopening a reconciliation period: admins only. requireOperator comes first, so a viewer's or an
// operator's forged call ends with 403 before anything is read; closePeriod reads the role again in its transaction.
import { refresh } from "next/cache";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { getMode } from "@/lib/mode";
import { closePeriod, reopenPeriod, type CloseResult } from "@/lib/reconciliation/periods-close";

const fields = (input: unknown) => (typeof input === "object" && input !== null ? input : {});

export async function closePeriodAction(input: unknown): Promise<CloseResult> {
  const operator = await requireOperator("admin");
  const result = await closePeriod(getDb(), operator, { ...fields(input), mode: await getMode() }, env().DEFAULT_TIME_ZONE);
  if (result.ok) refresh();
  return result;
}

export async function reopenPeriodAction(input: unknown): Promise<CloseResult> {
  const operator = await requireOperator("admin");
  const result = await reopenPeriod(getDb(), operator, { ...fields(input), mode: await getMode() });
  if (result.ok) refresh();
  return result;
}
