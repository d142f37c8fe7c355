import "server-only";
import { z } from "zod";
import { getDb } from "@/db";
import { getPreference } from "@/db/queries/preferences";

// Column visibility per operator and list, stored in operator_preferences under `columns:<table>`.

export const tableIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "is not a table name");

/** Column id → visible. Bounded, because it arrives from the browser and is stored as JSON. */
export const columnVisibilitySchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.boolean())
  .refine((columns) => Object.keys(columns).length <= 40, "too many columns");

export type ColumnVisibility = z.infer<typeof columnVisibilitySchema>;

export const columnsPreferenceKey = (table: string) => `columns:${table}`;

/** The operator's saved choice, or {} (every column shown) when there is none or it no longer parses. */
export async function getColumnVisibility(operatorId: string, table: string): Promise<ColumnVisibility> {
  const stored = await getPreference(getDb(), operatorId, columnsPreferenceKey(tableIdSchema.parse(table)));
  const parsed = columnVisibilitySchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}
