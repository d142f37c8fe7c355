import "server-only";
import { headers } from "next/headers";
import { forbidden, unauthorized } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db";
import { getOperatorById } from "@/db/queries/operators";
import type { Operator } from "@/db/schema";
import { env } from "@/lib/env";
import { hasRole, type Role } from "./roles";
import { sessionSubject } from "./session-token";

/** The signed-in operator as the database has them now (a disabled or deleted operator is signed out). */
export const currentOperator = cache(async (): Promise<Operator | null> => {
  const id = await sessionSubject((await headers()).get("cookie"), env().AUTH_SECRET);
  if (!id) return null;
  const operator = await getOperatorById(getDb(), id);
  return operator && !operator.disabled ? operator : null;
});

/**
 * The authorization check: every data loader, server action and route handler calls it. Signed out → 401
 * (app/unauthorized.tsx, or a 401 response in a route handler); role too low → 403 (app/forbidden.tsx).
 */
export async function requireOperator(role: Role = "viewer"): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) unauthorized();
  if (!hasRole(operator.role, role)) forbidden();
  return operator;
}
