import { describe, expect, it } from "vitest";
import { getOperatorByEmail } from "@/db/queries/operators";
import { authenticate } from "@/lib/auth/authenticate";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseLabel } from "./lib/dev-state";
import { printedPassword, runScript } from "./lib/run-script";

const test = freshTestDatabase();
const cli = (...args: string[]) => runScript("scripts/operator.ts", args, { PATH: process.env.PATH, DATABASE_URL: test.url });

describe("npm run operator", () => {
  it("says first which database it uses, without its password", async () => {
    const result = await cli("list");
    expect(result.stderr.split("\n")[0]).toBe(`Database: ${databaseLabel(test.url)} (DATABASE_URL)`);
    expect(databaseLabel("postgres://u:secret@db.internal:5433/bo")).toBe("db.internal:5433/bo");
  });

  it("adds an operator and prints a password that signs in", async () => {
    const result = await cli("add", "--email", "rosa@example.com", "--name", "Rosa Vargas", "--role", "admin");
    expect(result.code).toBe(0);
    const password = printedPassword(result.stdout);
    const signedIn = await authenticate(test.db, { email: "rosa@example.com", password });
    expect(signedIn.ok && signedIn.operator.role).toBe("admin");
  });

  it("changes a role and disables an operator, who then cannot sign in", async () => {
    const added = await cli("add", "--email", "pablo@example.com", "--name", "Pablo Rojas", "--role", "viewer");
    const password = printedPassword(added.stdout);
    expect((await cli("set-role", "--email", "pablo@example.com", "--role", "operator")).stdout).toContain("is now operator");
    expect((await getOperatorByEmail(test.db, "pablo@example.com"))?.role).toBe("operator");
    expect((await cli("disable", "--email", "pablo@example.com")).code).toBe(0);
    expect(await authenticate(test.db, { email: "pablo@example.com", password })).toEqual({ ok: false, reason: "invalid" });
    const list = await cli("list");
    expect(list.stdout).toMatch(/pablo@example\.com\s+operator\s+disabled/);
  });

  it("explains bad input with exit code 2 and changes nothing", async () => {
    const badRole = await cli("add", "--email", "x@example.com", "--name", "X", "--role", "root");
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("--role must be one of viewer, operator, admin");
    const badEmail = await cli("add", "--email", "not-an-email", "--name", "X", "--role", "admin");
    expect(badEmail.code).toBe(2);
    expect(await getOperatorByEmail(test.db, "x@example.com")).toBeUndefined();
    expect((await cli("frobnicate")).code).toBe(2);
  });

  it("reports an unknown operator with exit code 1", async () => {
    const result = await cli("disable", "--email", "nobody@example.com");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no operator with e-mail nobody@example.com");
  });
});
