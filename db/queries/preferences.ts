import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../index";
import { operatorPreferences } from "../schema";

export async function getPreference(db: Db, operatorId: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: operatorPreferences.value })
    .from(operatorPreferences)
    .where(and(eq(operatorPreferences.operatorId, operatorId), eq(operatorPreferences.key, key)))
    .limit(1);
  return row?.value;
}

export async function setPreference(db: Db, operatorId: string, key: string, value: unknown): Promise<void> {
  await db
    .insert(operatorPreferences)
    .values({ operatorId, key, value })
    .onConflictDoUpdate({ target: [operatorPreferences.operatorId, operatorPreferences.key], set: { value, updatedAt: new Date() } });
}
