import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { LOCAL_RESULT_LIMIT } from "@/lib/search/limits";
import type { Db } from "../index";
import { customers, mobileTransfers, webhookEvents } from "../schema";
import { eventCustomerEmailSql, eventCustomerField, phoneKeySql } from "../search-keys";
import { nameWordsMatch } from "./customers";

// Global search's local lookups: what the service cannot filter by. Customers by e-mail or phone come from the customer
// object that intent, renewal and checkout events embed; transfers by phone from the sender's phone that only the
// mobile-transfer.received event carries. Each is served by an expression index (db/schema.ts, db/search-keys.ts).
// Customers by name come from the sync's copy of the customers (db/queries/customers.ts), which holds them all.
// They return the query (awaitable) so that a test can check its plan uses that index.

const field = (name: "id" | "name" | "email" | "phone") => eventCustomerField(webhookEvents.payload, name);

/**
 * The customers that processed events of this mode name, each as the latest of those matching events describes them
 * (a customer found by an e-mail they have since changed is shown as that older event had them), newest first.
 */
function eventCustomers(db: Db, mode: Mode, match: SQL, present: SQL) {
  const latest = db
    .selectDistinctOn([field("id")], {
      id: sql<string>`${field("id")}`.as("id"),
      name: sql<string | null>`${field("name")}`.as("name"),
      email: sql<string | null>`${field("email")}`.as("email"),
      phone: sql<string | null>`${field("phone")}`.as("phone"),
      lastEventAt: sql<Date>`${webhookEvents.receivedAt}`.mapWith(webhookEvents.receivedAt).as("last_event_at"),
    })
    .from(webhookEvents)
    // `present` repeats the partial index's predicate so the planner can prove the index applies.
    .where(and(eq(webhookEvents.mode, mode), present, match, eq(webhookEvents.status, "processed"), sql`${field("id")} <> ''`))
    .orderBy(field("id"), desc(webhookEvents.id))
    .as("latest");
  return db.select().from(latest).orderBy(desc(latest.lastEventAt)).limit(LOCAL_RESULT_LIMIT);
}

/** `email` already lower-cased (the classifier does it); stored e-mails are compared lower-cased. */
export function findEventCustomersByEmail(db: Db, { mode, email }: { mode: Mode; email: string }) {
  return eventCustomers(db, mode, sql`${eventCustomerEmailSql(webhookEvents.payload)} = ${email}`, sql`${field("email")} is not null`);
}

/** `phoneKey` as lib/search/phone.ts makes it. */
export function findEventCustomersByPhone(db: Db, { mode, phoneKey }: { mode: Mode; phoneKey: string }) {
  return eventCustomers(db, mode, sql`${phoneKeySql(field("phone"))} = ${phoneKey}`, sql`${field("phone")} is not null`);
}

/** Transfers whose sender's phone is this number, newest first. */
export function findTransfersByPhone(db: Db, { mode, phoneKey }: { mode: Mode; phoneKey: string }) {
  return db
    .select({
      sinpeRefNumber: mobileTransfers.sinpeRefNumber,
      amount: mobileTransfers.amount,
      currency: mobileTransfers.currency,
      originName: mobileTransfers.originName,
      originPhone: mobileTransfers.originPhone,
      status: mobileTransfers.status,
      authorizationDate: mobileTransfers.authorizationDate,
      receivedAt: mobileTransfers.receivedAt,
    })
    .from(mobileTransfers)
    .where(
      and(
        eq(mobileTransfers.mode, mode),
        sql`${mobileTransfers.originPhone} is not null`,
        sql`${phoneKeySql(mobileTransfers.originPhone)} = ${phoneKey}`,
      ),
    )
    .orderBy(desc(mobileTransfers.receivedAt))
    .limit(LOCAL_RESULT_LIMIT);
}

/**
 * The synced customers whose name has every word (each beginning a word of the name, any order, no accents or case),
 * newest first. One more than the search shows, so that it can tell there are more.
 */
export function findCustomersByName(db: Db, { mode, words }: { mode: Mode; words: readonly string[] }) {
  if (words.length === 0) throw new Error("findCustomersByName needs at least one word");
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone, createdAt: customers.createdAt })
    .from(customers)
    .where(and(eq(customers.mode, mode), nameWordsMatch(words)))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(LOCAL_RESULT_LIMIT + 1);
}

export type EventCustomer = Awaited<ReturnType<typeof findEventCustomersByEmail>>[number];
export type PhoneTransfer = Awaited<ReturnType<typeof findTransfersByPhone>>[number];
export type NamedCustomer = Awaited<ReturnType<typeof findCustomersByName>>[number];
