import "server-only";
import type { Database } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { getOperatorByEmail, insertOperator, normalizeEmail, updateOperator } from "@/db/queries/operators";
import type { Operator } from "@/db/schema";
import { generatePassword, hashPassword } from "./auth/password";
import type { Role } from "./auth/roles";

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

async function changeOperator(
  db: Database,
  email: string,
  action: string,
  change: (operator: Operator) => Partial<Pick<Operator, "role" | "disabled" | "passwordHash">>,
  actor: Actor,
): Promise<Operator> {
  return db.transaction(async (tx) => {
    const before = await getOperatorByEmail(tx, email);
    if (!before) throw new OperatorError(`no operator with e-mail ${normalizeEmail(email)}`);
    const after = (await updateOperator(tx, before.id, change(before)))!;
    await insertAudit(tx, {
      operatorId: actor.operatorId,
      actor: actor.label,
      action,
      subjectType: "operator",
      subjectId: before.id,
      before: publicView(before),
      after: publicView(after),
    });
    return after;
  });
}

export function setOperatorRole(db: Database, email: string, role: Role, actor: Actor) {
  return changeOperator(db, email, "operator.set_role", () => ({ role }), actor);
}

export function setOperatorDisabled(db: Database, email: string, disabled: boolean, actor: Actor) {
  return changeOperator(db, email, disabled ? "operator.disable" : "operator.enable", () => ({ disabled }), actor);
}

export async function resetOperatorPassword(db: Database, email: string, actor: Actor): Promise<string> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await changeOperator(db, email, "operator.reset_password", () => ({ passwordHash }), actor);
  return password;
}
