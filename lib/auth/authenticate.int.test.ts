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
    expect(await lockStatus(test.db, email, null, at(18))).toEqual(at(19));
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
      Array.from({ length: 12 }, () => authenticate(test.db, { email, password: "guess", ip: "203.0.113.99" }, at(0))),
    );
    expect(results.filter((r) => !r.ok && r.reason === "locked")).toHaveLength(8);
    const rows = await test.db.select().from(signInAttempts).where(eq(signInAttempts.email, email));
    expect(rows.filter((r) => r.outcome === "failure")).toHaveLength(5);
    expect(rows.filter((r) => r.outcome === "locked")).toHaveLength(7);
  });

  it("an attacker's failures from one address do not lock the operator signing in from another", async () => {
    const password = await operator("carmen@example.com");
    const email = "carmen@example.com";
    for (const minute of [0, 1, 2, 3]) await authenticate(test.db, { email, password: "bad", ip: "203.0.113.1" }, at(minute));
    expect(await authenticate(test.db, { email, password: "bad", ip: "203.0.113.1" }, at(4))).toEqual({ ok: false, reason: "locked", until: at(19) });
    // The attacker's address stays locked, the right password included; the operator's own address is not.
    expect(await authenticate(test.db, { email, password, ip: "203.0.113.1" }, at(5))).toMatchObject({ ok: false, reason: "locked" });
    expect(await lockStatus(test.db, email, "198.51.100.2", at(5))).toBeNull();
    expect((await authenticate(test.db, { email, password, ip: "198.51.100.2" }, at(5))).ok).toBe(true);
    const rows = await test.db.select().from(signInAttempts).where(eq(signInAttempts.email, email));
    expect(rows.map((row) => row.ip)).toContain("198.51.100.2");
  });

  it("one address guessing across many e-mails is stopped after 20 failures, for every e-mail", async () => {
    const password = await operator("rosa@example.com");
    const ip = "203.0.113.2";
    for (let i = 0; i < 19; i++) {
      expect(await authenticate(test.db, { email: `spray${i % 10}@example.com`, password: "Verano2026", ip }, at(i % 10))).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await authenticate(test.db, { email: "spray0@example.com", password: "Verano2026", ip }, at(10))).toEqual({ ok: false, reason: "locked", until: at(25) });
    // Even an e-mail it never tried, with its right password: the address is what is locked.
    expect(await authenticate(test.db, { email: "rosa@example.com", password, ip }, at(11))).toMatchObject({ ok: false, reason: "locked" });
    expect((await authenticate(test.db, { email: "rosa@example.com", password, ip: "198.51.100.3" }, at(11))).ok).toBe(true);
  });

  it("a guess spread over many addresses is bounded: 50 failures lock the e-mail from everywhere", async () => {
    const password = await operator("elena@example.com");
    const email = "elena@example.com";
    const guess = (n: number) => authenticate(test.db, { email, password: `guess-${n}`, ip: `192.0.2.${n + 1}` }, at(n % 10));
    for (let n = 0; n < 49; n++) expect(await guess(n)).toEqual({ ok: false, reason: "invalid" });
    expect((await authenticate(test.db, { email, password, ip: "198.51.100.4" }, at(10))).ok).toBe(true);
    expect(await guess(49)).toMatchObject({ ok: false, reason: "locked" });
    expect(await authenticate(test.db, { email, password, ip: "198.51.100.4" }, at(11))).toMatchObject({ ok: false, reason: "locked" });
    expect((await authenticate(test.db, { email, password, ip: "198.51.100.4" }, at(25))).ok).toBe(true);
  });
});
