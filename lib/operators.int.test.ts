import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, operators } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { verifyPassword } from "./auth/password";
import { addOperator, OperatorError, resetOperatorPassword, setOperatorDisabled, setOperatorRole } from "./operators";

const test = freshTestDatabase();
const actor = { operatorId: null, label: "cli:tester" };

async function auditFor(subjectId: string) {
  return test.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId)).orderBy(auditLog.id);
}

describe("operator management", () => {
  it("creates an operator with a hashed generated password and an audit row without secrets", async () => {
    const { operator, password } = await addOperator(test.db, { email: "Carla@Example.com", name: "Carla Solís", role: "admin" }, actor);
    expect(operator.email).toBe("carla@example.com");
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(operator.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(operator.passwordHash, password)).toBe(true);

    const [row] = await auditFor(operator.id);
    expect(row).toMatchObject({ action: "operator.create", actor: "cli:tester", subjectType: "operator", after: { role: "admin", email: "carla@example.com" } });
    expect(JSON.stringify(row)).not.toContain(password);
    expect(JSON.stringify(row)).not.toContain("argon2");
  });

  it("refuses a second operator with the same e-mail and writes nothing", async () => {
    await addOperator(test.db, { email: "dup@example.com", name: "One", role: "viewer" }, actor);
    await expect(addOperator(test.db, { email: "DUP@example.com", name: "Two", role: "admin" }, actor)).rejects.toThrow(OperatorError);
    const rows = await test.db.select().from(operators).where(eq(operators.email, "dup@example.com"));
    expect(rows).toHaveLength(1);
    expect(await auditFor(rows[0]!.id)).toHaveLength(1);
  });

  it("changes a role and records before and after", async () => {
    const { operator } = await addOperator(test.db, { email: "role@example.com", name: "Role", role: "viewer" }, actor);
    const updated = await setOperatorRole(test.db, "role@example.com", "operator", actor);
    expect(updated.role).toBe("operator");
    const rows = await auditFor(operator.id);
    expect(rows.at(-1)).toMatchObject({ action: "operator.set_role", before: { role: "viewer" }, after: { role: "operator" } });
  });

  it("disables and re-enables, each audited", async () => {
    const { operator } = await addOperator(test.db, { email: "off@example.com", name: "Off", role: "viewer" }, actor);
    expect((await setOperatorDisabled(test.db, "off@example.com", true, actor)).disabled).toBe(true);
    expect((await setOperatorDisabled(test.db, "off@example.com", false, actor)).disabled).toBe(false);
    expect((await auditFor(operator.id)).map((r) => r.action)).toEqual(["operator.create", "operator.disable", "operator.enable"]);
  });

  it("resets a password: the old one stops working, the new one works", async () => {
    const { operator, password } = await addOperator(test.db, { email: "reset@example.com", name: "Reset", role: "viewer" }, actor);
    const fresh = await resetOperatorPassword(test.db, "reset@example.com", actor);
    const [row] = await test.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(await verifyPassword(row!.passwordHash, password)).toBe(false);
    expect(await verifyPassword(row!.passwordHash, fresh)).toBe(true);
  });

  it("reports an unknown operator without writing an audit row", async () => {
    await expect(setOperatorRole(test.db, "nobody@example.com", "admin", actor)).rejects.toThrow("no operator with e-mail nobody@example.com");
  });
});
