"use server";
// Remembers which columns an operator shows in a list. A display preference of their own, not a business write,
// so it is not audited (unlike the actions beside each route).
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { listTableIds } from "./lists";
import { saveColumnVisibility, type TablePreferenceResult } from "./table-preferences";

export async function saveTablePreferenceAction(input: unknown): Promise<TablePreferenceResult> {
  const operator = await requireOperator("viewer");
  return saveColumnVisibility(getDb(), operator.id, input, listTableIds());
}
