import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../index";
import { operatorPreferences } from "../schema";

// Every list page reads the operator's columns (app/(dashboard)/table-preferences.ts): the statement is built once per
// pool or transaction, not through the query builder on each request.
const byKey = new WeakMap<Db, ReturnType<typeof prepareByKey>>();
const prepareByKey = (db: Db) =>
  db
    .select({ value: operatorPreferences.value })
    .from(operatorPreferences)
    .where(and(eq(operatorPreferences.operatorId, sql.placeholder("operatorId")), eq(operatorPreferences.key, sql.placeholder("key"))))
    .limit(1)
    .prepare("operator_preference");

export async function getPreference(db: Db, operatorId: string, key: string): Promise<unknown> {
  let query = byKey.get(db);
  if (!query) byKey.set(db, (query = prepareByKey(db)));
  const [row] = await query.execute({ operatorId, key });
  return row?.value;
}

export async function setPreference(db: Db, operatorId: string, key: string, value: unknown): Promise<void> {
  await db
    .insert(operatorPreferences)
    .values({ operatorId, key, value })
    .onConflictDoUpdate({ target: [operatorPreferences.operatorId, operatorPreferences.key], set: { value, updatedAt: new Date() } });
}
