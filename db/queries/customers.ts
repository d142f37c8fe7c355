import "server-only";
import { and, count, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { customers, syncState } from "../schema";
import { createdIdKeyset, type CreatedId, type KeysetPage, type KeysetResult } from "./keyset";

// Customers as the sync copied them (lib/sync writes the table; read only here): what the service cannot filter its
// customers by — a name, part of an e-mail or of a phone — for the global search and the Customers list's text filter.
// Names are compared by the reconciliation's key (name_key = rc_name(name): no accents, no case, one space between
// words). No index serves these conditions: at 100,000 customers the scan takes about 20 ms (README, Search).

/**
 * Every word (as classify.ts's nameWords gives them: [a-z0-9] only, so nothing to escape in a LIKE) begins a word of
 * the customer's name, in any order: "rodriguez maria" finds "María José Rodríguez Pérez".
 */
export function nameWordsMatch(words: readonly string[]): SQL {
  const spaced = sql`(' ' || ${customers.nameKey})`;
  return and(...words.map((word) => sql`${spaced} like ${`% ${word}%`}`))!;
}

/** Whether the sync has copied every customer of the mode once, and how many rows its copy had when a pass last ended. */
export async function getCustomerCopy(db: Db, mode: Mode): Promise<{ complete: boolean; rows: number | null }> {
  const [row] = await db
    .select({ complete: syncState.lastCompleteAt, rows: syncState.localRows })
    .from(syncState)
    .where(and(eq(syncState.mode, mode), eq(syncState.resource, "customers")));
  return { complete: !!row?.complete, rows: row?.rows ?? null };
}

/** The Customers list's text filter, already split: the name's words, part of an e-mail (lower case), a phone's digits. */
export type CustomerTextFilter = { words: string[]; email: string; phoneDigits: string | null };

export type LocalCustomerFilters = { mode: Mode; text?: CustomerTextFilter; createdFrom?: Date; createdBefore?: Date };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function textMatch({ words, email, phoneDigits }: CustomerTextFilter): SQL {
  return or(
    words.length > 0 ? nameWordsMatch(words) : undefined,
    sql`lower(${customers.email}) like ${`%${escapeLike(email)}%`}`,
    // phone_key is rc_phone(phone): +506 and the eight digits, or + and another country's digits.
    phoneDigits ? sql`${customers.phoneKey} like ${`%${phoneDigits}%`}` : undefined,
  )!;
}

function where(filters: LocalCustomerFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(customers.mode, filters.mode),
    filters.text ? textMatch(filters.text) : undefined,
    filters.createdFrom ? gte(customers.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(customers.createdAt, filters.createdBefore) : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => !!c))!;
}

const columns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  amountSpent: customers.amountSpent,
  transactionsCount: customers.transactionsCount,
  createdAt: customers.createdAt,
};

export type LocalCustomer = { id: string; name: string | null; email: string | null; phone: string | null; amountSpent: number; transactionsCount: number; createdAt: Date };

/** Newest first, keyset on (created, id): `after` pages toward older customers, `before` back toward newer ones. */
export const customerPages = createdIdKeyset(customers.createdAt, customers.id);

export function listLocalCustomers(db: Db, filters: LocalCustomerFilters, page: KeysetPage<CreatedId>): Promise<KeysetResult<LocalCustomer>> {
  return customerPages.read(page, ({ where: past, orderBy, limit }) =>
    db.select(columns).from(customers).where(and(where(filters), past)).orderBy(...orderBy).limit(limit),
  );
}

export async function countLocalCustomers(db: Db, filters: LocalCustomerFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(where(filters));
  return row?.n ?? 0;
}
