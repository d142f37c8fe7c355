"use server";
// Remembers which columns an operator shows in a list. A display preference of their own, not a business write,
// so it is not audited (unlike the actions beside each route).
import { z } from "zod";
import { getDb } from "@/db";
import { setPreference } from "@/db/queries/preferences";
import { requireOperator } from "@/lib/auth/require-operator";
import { columnsPreferenceKey, columnVisibilitySchema, tableIdSchema } from "./table-preferences";

const inputSchema = z.strictObject({ table: tableIdSchema, columns: columnVisibilitySchema });

export type TablePreferenceResult = { ok: true } | { ok: false; error: string };

export async function saveTablePreferenceAction(input: unknown): Promise<TablePreferenceResult> {
  const operator = await requireOperator("viewer");
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid table preference" };
  await setPreference(getDb(), operator.id, columnsPreferenceKey(parsed.data.table), parsed.data.columns);
  return { ok: true };
}
