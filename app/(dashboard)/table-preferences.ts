import "server-only";
import { z } from "zod";
import { getDb, type Db } from "@/db";
import { getPreference, setPreference } from "@/db/queries/preferences";

// Column visibility per operator and list, stored in operator_preferences under `columns:<table>`.

/** Column id → visible. Bounded, because it arrives from the browser and is stored as JSON. */
export const columnVisibilitySchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.boolean())
  .refine((columns) => Object.keys(columns).length <= 40, "too many columns");

export type ColumnVisibility = z.infer<typeof columnVisibilitySchema>;

export const columnsPreferenceKey = (table: string) => `columns:${table}`;

export type TablePreferenceResult = { ok: true } | { ok: false; error: string };

/** The operator's saved choice, or {} (every column shown) when there is none or it no longer parses. */
export async function getColumnVisibility(operatorId: string, table: string): Promise<ColumnVisibility> {
  const stored = await getPreference(getDb(), operatorId, columnsPreferenceKey(table));
  const parsed = columnVisibilitySchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/**
 * Stores a choice from the browser for one of the declared lists' tables (`tableIds`); anything else (an invented
 * table) is refused, not stored.
 */
export async function saveColumnVisibility(db: Db, operatorId: string, input: unknown, tableIds: readonly string[]): Promise<TablePreferenceResult> {
  const schema = z.strictObject({ table: z.string().refine((table) => tableIds.includes(table)), columns: columnVisibilitySchema });
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid table preference" };
  await setPreference(db, operatorId, columnsPreferenceKey(parsed.data.table), parsed.data.columns);
  return { ok: true };
}
