import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInAttempts } from "@/db/schema";
import { addOperator, setOperatorDisabled } from "@/lib/operators";
import { freshTestDatabase } from "@/scripts/test/database";
import { authenticate, lockStatus } from "./authenticate";

const test = freshTestDatabase();
const cli = { operatorId: null, label: "test" };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12, 0) + minutes * 60_000);

async function operator(email: string, options: { disabled?: boolean } = {}) {
  const { password } = await addOperator(test.db, { email, name: "Ana Mora", role: "operator" }, cli);
  if (options.disabled) await setOperatorDisabled(test.db, email, true, cli);
  return password;
}

describe("authenticate", () => {
  it("signs in with the right password, whatever the e-mail's case, and records when", async () => {
    const password = await operator("ana@example.com");
    const result = await authenticate(test.db, { email: "  ANA@Example.com ", password }, at(0));
    expect(result.ok && result.operator.email).toBe("ana@example.com");
    expect(result.ok && result.operator.lastSignInAt?.toISOString()).toBe(at(0).toISOString());
  });

  it("refuses a wrong password, an unknown e-mail and a disabled operator alike", async () => {
    const password = await operator("luis@example.com");
    const disabledPassword = await operator("off@example.com", { disabled: true });
    expect(await authenticate(test.db, { email: "luis@example.com", password: "nope" }, at(0))).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticate(test.db, { email: "ghost@example.com", password }, at(0))).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticate(test.db, { email: "off@example.com", password: disabledPassword }, at(0))).toEqual({ ok: false, reason: "invalid" });
  });

  it("locks an e-mail for 15 minutes after 5 failures within 15 minutes, even for the right password", async () => {
    const password = await operator("maria@example.com");
    const email = "maria@example.com";
    for (const minute of [0, 1, 2, 3]) {
      expect(await authenticate(test.db, { email, password: "bad" }, at(minute))).toEqual({ ok: false, reason: "invalid" });
    }
    // The fifth failure already reports the lock.
    expect(await authenticate(test.db, { email, password: "bad" }, at(4))).toEqual({ ok: false, reason: "locked", until: at(19) });
    expect(await authenticate(test.db, { email, password }, at(10))).toEqual({ ok: false, reason: "locked", until: at(19) });
    expect(await lockStatus(test.db, email, at(18))).toEqual(at(19));
    // Refused tries while locked do not extend the lock.
    const result = await authenticate(test.db, { email, password }, at(19));
    expect(result.ok).toBe(true);
  });

  it("does not lock when failures are spread out, and a success starts the count again", async () => {
    const password = await operator("jose@example.com");
    const email = "jose@example.com";
    for (const minute of [0, 5, 10, 15]) await authenticate(test.db, { email, password: "bad" }, at(minute));
    expect((await authenticate(test.db, { email, password }, at(16))).ok).toBe(true);
    for (const minute of [17, 18, 19, 20]) await authenticate(test.db, { email, password: "bad" }, at(minute));
    expect((await authenticate(test.db, { email, password }, at(21))).ok).toBe(true);
  });

  it("holds the limit under a burst of parallel guesses: exactly 5 failures get to check a password", async () => {
    await operator("burst@example.com");
    const email = "burst@example.com";
    const results = await Promise.all(
      Array.from({ length: 12 }, () => authenticate(test.db, { email, password: "guess" }, at(0))),
    );
    expect(results.filter((r) => !r.ok && r.reason === "locked")).toHaveLength(8);
    const rows = await test.db.select().from(signInAttempts).where(eq(signInAttempts.email, email));
    expect(rows.filter((r) => r.outcome === "failure")).toHaveLength(5);
    expect(rows.filter((r) => r.outcome === "locked")).toHaveLength(7);
  });
});
