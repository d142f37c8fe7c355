// @smoke: global search's ILIKE and accent folding in the database's collation.
import { sql, type SQLWrapper } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOCAL_RESULT_LIMIT } from "@/lib/search/limits";
import { phoneKey } from "@/lib/search/phone";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { failed, renewalFailed, succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { phoneKeySql } from "../search-keys";
import { findEventCustomersByEmail, findEventCustomersByPhone, findTransfersByPhone } from "./search";

// Global search's local lookups against real PostgreSQL, fed the way production is: webhook deliveries.

const test = freshTestDatabase();
import type { Mode } from "@/lib/env-schema";
const send = (event: object, mode: Mode = "test") => receiveDelivery(test.db, mode, JSON.stringify(event));

const person = (id: string, email: string, phone: string, name = "Lucía Brenes Mora") => ({ id, name, email, phone });
const paid = (intentId: string, customer: object, at = "2026-11-21T15:00:05.000Z") => {
  const event = succeeded(intentId, at);
  return { ...event, data: { ...event.data, customer } };
};

describe("customers by e-mail", () => {
  it("finds the customer an event named, whatever the case of the stored e-mail, in its mode only", async () => {
    await send(paid("pi_e1", person("cus_lucia", "Lucia.Brenes@Gmail.com", "+50661234567")));
    const rows = await findEventCustomersByEmail(test.db, { mode: "test", email: "lucia.brenes@gmail.com" });
    expect(rows).toEqual([expect.objectContaining({ id: "cus_lucia", name: "Lucía Brenes Mora", phone: "+50661234567" })]);
    expect(await findEventCustomersByEmail(test.db, { mode: "live", email: "lucia.brenes@gmail.com" })).toEqual([]);
    expect(await findEventCustomersByEmail(test.db, { mode: "test", email: "lucia@gmail.com" })).toEqual([]);
  });

  it("lists a customer once however many events name them, as the latest event describes them", async () => {
    await send(paid("pi_e2", person("cus_mario", "mario@ucr.ac.cr", "+50670001111", "Mario Soto")));
    await send(paid("pi_e3", person("cus_mario", "mario@ucr.ac.cr", "+50670001111", "Mario Soto Ulate")));
    const rows = await findEventCustomersByEmail(test.db, { mode: "test", email: "mario@ucr.ac.cr" });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: "cus_mario", name: "Mario Soto Ulate" });
  });

  it("finds two customers who share an e-mail, newest first; events that failed validation do not count", async () => {
    await send(paid("pi_e4", person("cus_old", "caja@soda.co.cr", "+50622223333"), "2026-11-20T10:00:00.000Z"));
    await send(failed("pi_e5"));
    const renewal = renewalFailed("sub_soda");
    await send({ ...renewal, data: { ...renewal.data, customer: person("cus_new", "CAJA@soda.co.cr", "+50622224444") } });
    // Names a customer, but its payload is not a valid event: stored as invalid, never a search result.
    await send({ type: "payment-intent.succeeded", data: { id: "pi_bad", customer: person("cus_bad", "caja@soda.co.cr", "1") } });
    const rows = await findEventCustomersByEmail(test.db, { mode: "test", email: "caja@soda.co.cr" });
    expect(rows.map((row) => row.id)).toEqual(["cus_new", "cus_old"]);
  });
});

describe("by phone", () => {
  it("finds a customer by any way of writing their number", async () => {
    await send(paid("pi_p1", person("cus_phone", "phone@example.com", "+506 8765-4321")));
    for (const typed of ["87654321", "8765-4321", "+50687654321", "506 8765 4321"]) {
      const rows = await findEventCustomersByPhone(test.db, { mode: "test", phoneKey: phoneKey(typed) });
      expect(rows.map((row) => row.id), typed).toEqual(["cus_phone"]);
    }
    expect(await findEventCustomersByPhone(test.db, { mode: "live", phoneKey: "87654321" })).toEqual([]);
  });

  it("finds the transfers a phone sent, newest first, in their mode only", async () => {
    const from = (ref: string, phone: string) => {
      const event = transfer(ref);
      return { ...event, data: { ...event.data, originPhone: phone } };
    };
    await send(from("2026112115150000000000101", "7012-3456"));
    await send(from("2026112115150000000000102", "70123456"));
    await send(from("2026112115150000000000103", "7012-3457"));
    await send(from("2026112115150000000000104", "7012-3456"), "live");
    const rows = await findTransfersByPhone(test.db, { mode: "test", phoneKey: phoneKey("+506 7012 3456") });
    expect(rows.map((row) => row.sinpeRefNumber)).toEqual(["2026112115150000000000102", "2026112115150000000000101"]);
    expect(rows[0]).toMatchObject({ amount: 1_500_000, currency: "CRC", originName: "Ana Mora Vargas" });
  });

  it(`returns at most ${LOCAL_RESULT_LIMIT} transfers`, async () => {
    for (let i = 0; i < LOCAL_RESULT_LIMIT + 2; i++) {
      const event = transfer(`20261121151500000000002${String(i).padStart(2, "0")}`);
      await send({ ...event, data: { ...event.data, originPhone: "6000-0001" } });
    }
    expect(await findTransfersByPhone(test.db, { mode: "test", phoneKey: "60000001" })).toHaveLength(LOCAL_RESULT_LIMIT);
  });
});

describe("the SQL phone key", () => {
  it("is the same number as lib/search/phone.ts makes of every form", async () => {
    const forms = ["+506 8812-3456", "8812-3456", "0050688123456", "+1 (506) 881-2345", "50612345678", "+44 20 7946 0958", "506", "", "abc"];
    for (const form of forms) {
      const [row] = await test.db.execute<{ key: string }>(sql`select ${phoneKeySql(sql`${form}::text`)} as key`);
      expect(row?.key, form).toBe(phoneKey(form));
    }
  });
});

describe("query plans", () => {
  // The indexes only help if each query's expression is the index's: with sequential scans priced out, the plan
  // names the index, or the expressions have drifted apart.
  async function plan(query: SQLWrapper): Promise<string> {
    return test.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it("finds customers and transfers through their expression indexes", async () => {
    expect(await plan(findEventCustomersByEmail(test.db, { mode: "test", email: "a@b.cr" }))).toContain("webhook_events_customer_email_idx");
    expect(await plan(findEventCustomersByPhone(test.db, { mode: "test", phoneKey: "88123456" }))).toContain("webhook_events_customer_phone_idx");
    expect(await plan(findTransfersByPhone(test.db, { mode: "test", phoneKey: "88123456" }))).toContain("mobile_transfers_mode_phone_idx");
  });
});
