"use server";
// Remembers which of the audit log's columns an admin shows: a display preference, not audited (as every list's).
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { saveColumnVisibility, type TablePreferenceResult } from "../../table-preferences";
import { auditList } from "./list";

export async function saveAuditColumnsAction(input: unknown): Promise<TablePreferenceResult> {
  const operator = await requireOperator("admin");
  return saveColumnVisibility(getDb(), operator.id, input, [auditList.tableId]);
}
