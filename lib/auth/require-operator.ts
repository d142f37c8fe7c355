import "server-only";
import { headers } from "next/headers";
import { forbidden, unauthorized } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db";
import { getOperatorById } from "@/db/queries/operators";
import type { Operator } from "@/db/schema";
import { rethrowUnreachable } from "@/lib/database/unreachable";
import { env } from "@/lib/env";
import { readBehindCheck, startedBeforeCheck } from "./read-behind-check";
import { hasRole, type Role } from "./roles";
import { sessionClaims } from "./session-token";

/**
 * The signed-in operator as the database has them now. A disabled or deleted operator is signed out, and so is a
 * session issued before the operator's sessions were ended (its version is behind the row's: see sessionVersion).
 * Every page, action and handler starts here, so an unreachable database surfaces here first, as a
 * DatabaseUnavailableError that pages explain (app/(dashboard)/error.tsx) and API routes answer with 503.
 */
export const currentOperator = cache(async (): Promise<Operator | null> => {
  const session = await sessionClaims((await headers()).get("cookie"), env().AUTH_SECRET);
  if (!session) return null;
  const operator = await getOperatorById(getDb(), session.subject).catch(rethrowUnreachable);
  return operator && !operator.disabled && operator.sessionVersion === session.version ? operator : null;
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

/**
 * Runs a page's reads beside the operator check instead of after it, and gives what they read only once the check
 * has passed (see readBehindCheck). The check is a database read, and the rest of the page renders meanwhile, so
 * waiting for it first would hold back the page's slowest part, its Payment Service calls, by several milliseconds.
 */
export function readAsOperator<T>(role: Role, read: () => Promise<T>): Promise<{ operator: Operator; value: T }> {
  // Marked as handled like readBehindCheck's own promise: a caller may run its own check first and never await this.
  return startedBeforeCheck(readBehindCheck(() => requireOperator(role), read).then(([operator, value]) => ({ operator, value })));
}
