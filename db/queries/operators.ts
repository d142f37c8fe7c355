import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../index";
import type { Role } from "../../lib/auth/roles";
import { operators, type Operator } from "../schema";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getOperatorById(db: Db, id: string): Promise<Operator | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function getOperatorByEmail(db: Db, email: string): Promise<Operator | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.email, normalizeEmail(email))).limit(1);
  return row;
}

export async function listOperators(db: Db): Promise<Operator[]> {
  return db.select().from(operators).orderBy(asc(operators.email));
}

export async function insertOperator(db: Db, values: { email: string; name: string; role: Role; passwordHash: string }) {
  const [row] = await db
    .insert(operators)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  return row!;
}

export async function updateOperator(
  db: Db,
  id: string,
  values: Partial<Pick<Operator, "role" | "disabled" | "passwordHash" | "name" | "lastSignInAt">>,
) {
  const [row] = await db
    .update(operators)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(operators.id, id))
    .returning();
  return row;
}

/**
 * Ends every session of an operator: tokens carry the version they were issued at, and currentOperator accepts only
 * the current one. An increment in SQL, so two concurrent bumps cannot both write the same "next" version.
 */
export async function bumpSessionVersion(db: Db, id: string) {
  const [row] = await db
    .update(operators)
    .set({ sessionVersion: sql`${operators.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(operators.id, id))
    .returning();
  return row;
}
