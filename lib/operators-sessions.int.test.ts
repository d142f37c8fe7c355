import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, operators } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import type { Role } from "./auth/roles";
import { addOperator, endOperatorSessions, resetOperatorPassword, setOperatorDisabled, setOperatorRole } from "./operators";

const test = freshTestDatabase();
const actor = { operatorId: null, label: "cli:tester" };

async function versionOf(email: string) {
  const [row] = await test.db.select({ version: operators.sessionVersion }).from(operators).where(eq(operators.email, email));
  return row!.version;
}

async function lastAudit(email: string) {
  const [operator] = await test.db.select().from(operators).where(eq(operators.email, email));
  const rows = await test.db.select().from(auditLog).where(eq(auditLog.subjectId, operator!.id)).orderBy(auditLog.id);
  return rows.at(-1)!;
}

async function person(email: string, role: Role = "operator") {
  await addOperator(test.db, { email, name: "Sesiones", role }, actor);
  expect(await versionOf(email)).toBe(0);
}

// A session token carries the version it was issued at; currentOperator refuses one behind the row's (session-token.test.ts).
describe("operations that end every session of an operator", () => {
  it("sign-out raises the version, audited", async () => {
    await person("out@example.com");
    const [operator] = await test.db.select().from(operators).where(eq(operators.email, "out@example.com"));
    await endOperatorSessions(test.db, operator!, { operatorId: operator!.id, label: operator!.email });
    expect(await versionOf("out@example.com")).toBe(1);
    expect(await lastAudit("out@example.com")).toMatchObject({ action: "operator.sign_out", operatorId: operator!.id, after: { sessionsEnded: true } });
  });

  it("a password reset raises it, and its audit row says so", async () => {
    await person("reset-s@example.com");
    await resetOperatorPassword(test.db, "reset-s@example.com", actor);
    expect(await versionOf("reset-s@example.com")).toBe(1);
    expect(await lastAudit("reset-s@example.com")).toMatchObject({ action: "operator.reset_password", after: { sessionsEnded: true } });
  });

  it("disable raises it; enable does not", async () => {
    await person("off-s@example.com");
    await setOperatorDisabled(test.db, "off-s@example.com", true, actor);
    expect(await versionOf("off-s@example.com")).toBe(1);
    await setOperatorDisabled(test.db, "off-s@example.com", false, actor);
    expect(await versionOf("off-s@example.com")).toBe(1);
    expect(await lastAudit("off-s@example.com")).toMatchObject({ action: "operator.enable" });
  });

  it("a lower role raises it; the same or a higher role does not", async () => {
    await person("role-s@example.com", "operator");
    await setOperatorRole(test.db, "role-s@example.com", "admin", actor);
    await setOperatorRole(test.db, "role-s@example.com", "admin", actor);
    expect(await versionOf("role-s@example.com")).toBe(0);
    await setOperatorRole(test.db, "role-s@example.com", "viewer", actor);
    expect(await versionOf("role-s@example.com")).toBe(1);
    expect(await lastAudit("role-s@example.com")).toMatchObject({ action: "operator.set_role", before: { role: "admin" }, after: { role: "viewer", sessionsEnded: true } });
  });

  it("concurrent bumps each count: no session issued in between survives the later one", async () => {
    await person("race@example.com");
    await Promise.all([resetOperatorPassword(test.db, "race@example.com", actor), setOperatorDisabled(test.db, "race@example.com", true, actor)]);
    expect(await versionOf("race@example.com")).toBe(2);
  });
});
