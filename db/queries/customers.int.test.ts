import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { nameWords } from "@/lib/search/classify";
import { customerTextFilter } from "@/lib/search/customer-filter";
import { LOCAL_RESULT_LIMIT } from "@/lib/search/limits";
import { freshTestDatabase } from "@/scripts/test/database";
import { customers } from "../schema";
import { countLocalCustomers, customerPages, listLocalCustomers, type LocalCustomerFilters } from "./customers";
import { findCustomersByName } from "./search";

// Customers found by name in the sync's copy, against real PostgreSQL: the global search's lookup and the Customers
// list's text filter. The rows are written as the sync writes them (name_key is the table's generated rc_name(name)).

const test = freshTestDatabase();

type Person = { id: string; name: string | null; email?: string | null; phone?: string | null; createdAt: string; mode?: "test" | "live" };
const people: Person[] = [
  { id: "cus_mjrp", name: "María José Rodríguez Pérez", email: "mjrodriguez@gmail.com", phone: "+50675112363", createdAt: "2026-11-20T10:00:00Z" },
  { id: "cus_mrm", name: "MARIA RODRIGUEZ MORA", email: "maria.rm@hotmail.com", phone: "+50688001122", createdAt: "2026-11-19T10:00:00Z" },
  { id: "cus_rosa", name: "Rosa Rodríguez Marín", email: "rosa@ice.co.cr", phone: "+50622223333", createdAt: "2026-11-18T10:00:00Z" },
  { id: "cus_mariana", name: "Mariana Solís Mora", email: "mariana@ucr.ac.cr", phone: "+50670009999", createdAt: "2026-11-17T10:00:00Z" },
  { id: "cus_zuniga", name: "Andrés Zúñiga-Céspedes", email: null, phone: null, createdAt: "2026-11-16T10:00:00Z" },
  { id: "cus_noname", name: null, email: "sin.nombre@gmail.com", phone: "+50660001111", createdAt: "2026-11-15T10:00:00Z" },
  { id: "cus_live", name: "María Rodríguez Vargas", email: "live@gmail.com", phone: "+50675112363", createdAt: "2026-11-20T10:00:00Z", mode: "live" },
];

const insert = (rows: Person[]) =>
  test.db.insert(customers).values(
    rows.map((p) => ({ mode: p.mode ?? ("test" as const), id: p.id, name: p.name, email: p.email ?? null, phone: p.phone ?? null, amountSpent: 0, transactionsCount: 0, createdAt: new Date(p.createdAt) })),
  );

beforeAll(async () => {
  await insert(people);
});

const byName = async (typed: string, mode: "test" | "live" = "test") => (await findCustomersByName(test.db, { mode, words: nameWords(typed) })).map((row) => row.id);

describe("findCustomersByName (global search)", () => {
  it("ignores accents, case and the order of the words, newest first", async () => {
    expect(await byName("maria rodriguez")).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(await byName("María Rodríguez")).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(await byName("rodriguez maria")).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(await byName("RODRÍGUEZ MORA")).toEqual(["cus_mrm"]);
    expect(await byName("zuniga cespedes")).toEqual(["cus_zuniga"]);
    expect(await byName("Zúñiga")).toEqual(["cus_zuniga"]);
  });

  it("requires every word, each at the start of a word of the name", async () => {
    expect(await byName("maria jose rodriguez perez")).toEqual(["cus_mjrp"]);
    expect(await byName("maria rodriguez perez vargas")).toEqual([]);
    // "rodri" begins Rodríguez; "ana" is inside Mariana but begins none of its words.
    expect(await byName("rodri mar")).toEqual(["cus_mjrp", "cus_mrm", "cus_rosa"]);
    expect(await byName("ana")).toEqual([]);
    expect(await byName("mora")).toEqual(["cus_mrm", "cus_mariana"]);
  });

  it("stays in its mode and never finds a customer without a name", async () => {
    expect(await byName("maria rodriguez", "live")).toEqual(["cus_live"]);
    expect(await byName("sin nombre")).toEqual([]);
  });

  it("returns one more than the search shows, so it can tell there are more", async () => {
    await insert(Array.from({ length: LOCAL_RESULT_LIMIT + 5 }, (_, i) => ({ id: `cus_many_${i}`, name: `Olman Ulate ${i}`, createdAt: `2026-10-01T10:${String(i).padStart(2, "0")}:00Z` })));
    const rows = await findCustomersByName(test.db, { mode: "test", words: nameWords("ulate olman") });
    expect(rows).toHaveLength(LOCAL_RESULT_LIMIT + 1);
    expect(rows[0]!.id).toBe(`cus_many_${LOCAL_RESULT_LIMIT + 4}`);
  });
});

describe("the Customers list's text filter", () => {
  const filter = (q: string, extra: Partial<LocalCustomerFilters> = {}): LocalCustomerFilters => ({ mode: "test", text: customerTextFilter(q), ...extra });
  const ids = async (filters: LocalCustomerFilters, page = { limit: 10 }) => (await listLocalCustomers(test.db, filters, page)).items.map((row) => row.id);

  it("matches a name's words, part of an e-mail or part of a phone, combined with the created dates", async () => {
    expect(await ids(filter("rodriguez maria"))).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(await ids(filter("HOTMAIL"))).toEqual(["cus_mrm"]);
    expect(await ids(filter("sin.nombre@"))).toEqual(["cus_noname"]);
    expect(await ids(filter("7511-2363"))).toEqual(["cus_mjrp"]);
    expect(await ids(filter("+506 7511 2363"))).toEqual(["cus_mjrp"]);
    expect(await ids(filter("2222"))).toEqual(["cus_rosa"]);
    expect(await ids(filter("rodriguez", { createdBefore: new Date("2026-11-20T00:00:00Z") }))).toEqual(["cus_mrm", "cus_rosa"]);
    expect(await ids(filter("rodriguez", { createdFrom: new Date("2026-11-19T00:00:00Z") }))).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(await countLocalCustomers(test.db, filter("rodriguez"))).toBe(3);
    // A LIKE wildcard typed is a character, not "anything".
    expect(await ids(filter("%"))).toEqual([]);
  });

  it("pages forward and back by (created, id) without skipping or repeating", async () => {
    const first = await listLocalCustomers(test.db, filter("mar"), { limit: 2 });
    expect(first.items.map((row) => row.id)).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(first).toMatchObject({ hasOlder: true, hasNewer: false });
    const second = await listLocalCustomers(test.db, filter("mar"), { limit: 2, after: { createdAt: first.items[1]!.createdAt, id: "cus_mrm" } });
    expect(second.items.map((row) => row.id)).toEqual(["cus_rosa", "cus_mariana"]);
    const back = await listLocalCustomers(test.db, filter("mar"), { limit: 2, before: second.items[0]! });
    expect(back.items.map((row) => row.id)).toEqual(["cus_mjrp", "cus_mrm"]);
    expect(customerPages.cursor.format(back.items[0]!)).toBe("2026-11-20T10:00:00.000Z~cus_mjrp");
  });

  it("finds a name among 100,000 customers quickly, though no index serves it (a scan)", async () => {
    await test.db.execute(sql`insert into customers (mode, id, name, email, phone, amount_spent, transactions_count, created_at)
      select 'test', 'cus_bulk_' || g, (array['Ana','José','Luis','Sofía','Carlos'])[1 + g % 5] || ' ' || (array['Mora','Solís','Vargas','Rojas','Castro','Araya'])[1 + g % 6] || ' ' || (array['Umaña','Chaves','Brenes','Monge'])[1 + g % 4],
        'bulk' || g || '@gmail.com', '+506' || (60000000 + g), 0, 0, timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, 100000) g`);
    await test.db.execute(sql`analyze customers`);
    const started = performance.now();
    const found = await byName("rodriguez maria");
    const elapsed = performance.now() - started;
    expect(found).toEqual(["cus_mjrp", "cus_mrm"]);
    // A margin for a busy machine: measured about 20 ms on two shared cores (README, Search).
    expect(elapsed).toBeLessThan(250);
  });
});
