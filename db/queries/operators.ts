import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../index";
import { hasRole, type Role } from "../../lib/auth/roles";
import { operators, type Operator } from "../schema";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Every page and action reads the signed-in operator (lib/auth/require-operator.ts): the statement is built once per
// pool or transaction instead of through the query builder on each request (about a millisecond of CPU a page).
const byId = new WeakMap<Db, ReturnType<typeof prepareById>>();
const prepareById = (db: Db) =>
  db
    .select()
    .from(operators)
    .where(eq(operators.id, sql.placeholder("id")))
    .limit(1)
    .prepare("operator_by_id");

export async function getOperatorById(db: Db, id: string): Promise<Operator | undefined> {
  let query = byId.get(db);
  if (!query) byId.set(db, (query = prepareById(db)));
  const [row] = await query.execute({ id });
  return row;
}

/**
 * An operator read inside a write's transaction and held (FOR SHARE) until it commits: an admin who disables or demotes
 * them meanwhile waits for the write, and a write that starts after the change sees it.
 */
export async function lockOperator(tx: Db, id: string): Promise<Operator | null> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).limit(1).for("share");
  return row ?? null;
}

/**
 * The operator acting in a write, read again in its transaction and held (lockOperator): null when they may not act
 * at `role` now (gone, disabled, or moved below it since the page was loaded), and the write is refused.
 */
export async function actingOperator(tx: Db, id: string, role: Role): Promise<Operator | null> {
  const row = await lockOperator(tx, id);
  return row && !row.disabled && hasRole(row.role, role) ? row : null;
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
