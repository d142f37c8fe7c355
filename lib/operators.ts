import "server-only";
import type { Database } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { bumpSessionVersion, getOperatorByEmail, insertOperator, normalizeEmail, updateOperator } from "@/db/queries/operators";
import type { Operator } from "@/db/schema";
import { generatePassword, hashPassword } from "./auth/password";
import { hasRole, type Role } from "./auth/roles";

/** Who made a change: a signed-in operator, or a command-line user (recorded by name). */
export type Actor = { operatorId: string | null; label: string };

export class OperatorError extends Error {}

// The audit row never holds a password or its hash.
function publicView(operator: Operator) {
  return { email: operator.email, name: operator.name, role: operator.role, disabled: operator.disabled };
}

export async function addOperator(
  db: Database,
  input: { email: string; name: string; role: Role; password?: string },
  actor: Actor,
): Promise<{ operator: Operator; password: string }> {
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (await getOperatorByEmail(tx, input.email)) throw new OperatorError(`an operator with e-mail ${normalizeEmail(input.email)} already exists`);
    const operator = await insertOperator(tx, { email: input.email, name: input.name, role: input.role, passwordHash });
    await insertAudit(tx, {
      operatorId: actor.operatorId,
      actor: actor.label,
      action: "operator.create",
      subjectType: "operator",
      subjectId: operator.id,
      after: publicView(operator),
    });
    return { operator, password };
  });
}

type Change = Partial<Pick<Operator, "role" | "disabled" | "passwordHash">>;

/**
 * One audited change to an operator. When `endsSessions` says so for this change, every session the operator has
 * open ends with it (same transaction), and the audit row says so.
 */
async function changeOperator(
  db: Database,
  email: string,
  action: string,
  change: (operator: Operator) => Change,
  actor: Actor,
  endsSessions: (before: Operator) => boolean = () => false,
): Promise<Operator> {
  return db.transaction(async (tx) => {
    const before = await getOperatorByEmail(tx, email);
    if (!before) throw new OperatorError(`no operator with e-mail ${normalizeEmail(email)}`);
    let after = (await updateOperator(tx, before.id, change(before)))!;
    const sessionsEnded = endsSessions(before);
    if (sessionsEnded) after = (await bumpSessionVersion(tx, before.id))!;
    await insertAudit(tx, {
      operatorId: actor.operatorId,
      actor: actor.label,
      action,
      subjectType: "operator",
      subjectId: before.id,
      before: publicView(before),
      after: { ...publicView(after), ...(sessionsEnded ? { sessionsEnded } : {}) },
    });
    return after;
  });
}

// A lower role ends the sessions (a page open with admin rights should not keep showing them); a higher one need not.
export function setOperatorRole(db: Database, email: string, role: Role, actor: Actor) {
  return changeOperator(db, email, "operator.set_role", () => ({ role }), actor, (before) => !hasRole(role, before.role));
}

export function setOperatorDisabled(db: Database, email: string, disabled: boolean, actor: Actor) {
  return changeOperator(db, email, disabled ? "operator.disable" : "operator.enable", () => ({ disabled }), actor, () => disabled);
}

/** A new password, and every session opened with the old one ends (a reset is what follows a leaked password). */
export async function resetOperatorPassword(db: Database, email: string, actor: Actor): Promise<string> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await changeOperator(db, email, "operator.reset_password", () => ({ passwordHash }), actor, () => true);
  return password;
}

/** Sign-out: ends this operator's sessions everywhere, not only the cookie of the browser that signed out. */
export async function endOperatorSessions(db: Database, operator: Operator, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await bumpSessionVersion(tx, operator.id);
    await insertAudit(tx, {
      operatorId: actor.operatorId,
      actor: actor.label,
      action: "operator.sign_out",
      subjectType: "operator",
      subjectId: operator.id,
      after: { sessionsEnded: true },
    });
  });
}
