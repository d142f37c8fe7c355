import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { customers } from "../schema";

// Who a page of service records belongs to, from the sync's local copy of the customers: one query for the page's
// ids. A customer not synced yet is absent from the map, and the caller shows its id instead.

export type CustomerName = { name: string | null; email: string | null };

export async function customerNames(db: Db, mode: Mode, ids: readonly (string | null | undefined)[]): Promise<Map<string, CustomerName>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(eq(customers.mode, mode), inArray(customers.id, wanted)));
  return new Map(rows.map(({ id, name, email }) => [id, { name, email }]));
}
