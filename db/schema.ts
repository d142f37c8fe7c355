import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SettledRefund } from "../lib/refunds/refund-input";
import { eventCustomerEmailSql, eventCustomerField, phoneKeySql } from "./search-keys";

export const operatorRole = pgEnum("operator_role", ["viewer", "operator", "admin"]);

export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index makes "Ana@x" and "ana@x" one operator.
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: operatorRole("role").notNull().default("viewer"),
    disabled: boolean("disabled").notNull().default(false),
    // Carried in each session token at sign-in; raising it ends every session issued before (sign-out, password
    // reset, a lower role, disable). Compared on every request with the operator row already read there.
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("operators_email_key").on(t.email)],
);

export const signInOutcome = pgEnum("sign_in_outcome", ["success", "failure", "locked"]);

/** Every sign-in try, kept for the lockout window and for the security trail. */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    outcome: signInOutcome("outcome").notNull(),
    ip: text("ip"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  // By e-mail (the per-e-mail and per-pair lockout rules) and by client address (the per-address rule).
  (t) => [index("sign_in_attempts_email_at_idx").on(t.email, t.at.desc()), index("sign_in_attempts_ip_at_idx").on(t.ip, t.at.desc())],
);

/** Every operator write lands here, in the same transaction as the write itself. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Null when the actor is not a signed-in operator (the operator CLI, the system).
    operatorId: uuid("operator_id").references(() => operators.id),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    mode: text("mode"),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.at.desc()), index("audit_log_at_idx").on(t.at.desc())],
);

/** Per-operator UI settings (e.g. which columns a table shows), keyed by what they apply to: "columns:payments". */
export const operatorPreferences = pgTable(
  "operator_preferences",
  {
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.key] })],
);

/**
 * The CSV export each operator has running: one at a time, whichever app instance serves it. A lease, not a lock: its
 * holder renews `expires_at` while it streams, so an export whose process died frees the operator once it lapses.
 */
export const exportLeases = pgTable("export_leases", {
  operatorId: uuid("operator_id")
    .primaryKey()
    .references(() => operators.id, { onDelete: "cascade" }),
  leaseId: uuid("lease_id").notNull(),
  list: text("list").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** The tenant key of every table with service data: queries always filter by it. */
export const modeEnum = pgEnum("mode", ["test", "live"]);

export const webhookEventStatus = pgEnum("webhook_event_status", ["processed", "invalid", "unrecognized", "failed"]);

/**
 * Every authenticated delivery, stored before anything can fail, with its raw body. Events have no id, so a key
 * derived from their content makes a re-delivery a counter bump instead of a second row.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mode: modeEnum("mode").notNull(),
    type: text("type"),
    dedupeKey: text("dedupe_key").notNull(),
    status: webhookEventStatus("status").notNull(),
    error: text("error"),
    rawBody: text("raw_body").notNull(),
    payload: jsonb("payload"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    duplicateCount: integer("duplicate_count").notNull().default(0),
    lastDuplicateAt: timestamp("last_duplicate_at", { withTimezone: true }),
  },
  // Every index here is paid on each delivery, the hot path: the console pages by id (the primary key) and finds
  // the few events that need attention through a partial index that processed events never enter.
  (t) => [
    uniqueIndex("webhook_events_mode_dedupe_key").on(t.mode, t.dedupeKey),
    index("webhook_events_attention_idx").on(t.mode, t.status, t.id.desc()).where(sql`status <> 'processed'`),
    // Global search finds customers by e-mail and phone here, as the API cannot filter its customers by either.
    // Partial: only events that embed a customer pay for them.
    index("webhook_events_customer_email_idx")
      .on(t.mode, eventCustomerEmailSql(t.payload))
      .where(sql`${eventCustomerField(t.payload, "email")} is not null`),
    index("webhook_events_customer_phone_idx")
      .on(t.mode, phoneKeySql(eventCustomerField(t.payload, "phone")))
      .where(sql`${eventCustomerField(t.payload, "phone")} is not null`),
  ],
);

export const SUBJECT_TYPES = ["payment_intent", "customer", "subscription", "renewal", "transfer", "checkout_session"] as const;

/** Which objects an event concerns: the timeline of an object is its rows here, in event time order. */
export const eventSubjects = pgTable(
  "event_subjects",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    mode: modeEnum("mode").notNull(),
    subjectType: text("subject_type", { enum: SUBJECT_TYPES }).notNull(),
    subjectId: text("subject_id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  // One index, written once per subject of each delivery: it serves timelines, and the console's search by id (which
  // probes it once per subject type).
  (t) => [index("event_subjects_timeline_idx").on(t.mode, t.subjectType, t.subjectId, t.occurredAt, t.eventId)],
);

/**
 * What the events say about each payment intent. Status only moves forward: a late event never undoes a later state,
 * and a failure reported after success is kept as a flag for an operator, not applied.
 */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(),
    status: text("status").notNull(),
    statusRank: smallint("status_rank").notNull(),
    amount: bigint("amount", { mode: "number" }),
    currency: text("currency"),
    customerId: text("customer_id"),
    description: text("description"),
    metadata: jsonb("metadata"),
    lastError: jsonb("last_error"),
    conflict: text("conflict"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.id] }),
    index("payment_intents_mode_customer_idx").on(t.mode, t.customerId),
    // The Overview's totals and daily volume: a time range per mode, answered from the index alone (no heap visits).
    index("payment_intents_mode_event_at_idx").on(t.mode, t.lastEventAt, t.status, t.currency, t.amount),
  ],
);

export const transferSource = pgEnum("transfer_source", ["webhook", "sync"]);

/** SINPE Móvil transfers received: the only push signal of money arriving. One row per reference and mode. */
export const mobileTransfers = pgTable(
  "mobile_transfers",
  {
    mode: modeEnum("mode").notNull(),
    sinpeRefNumber: text("sinpe_ref_number").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    originId: text("origin_id"),
    originName: text("origin_name"),
    originPhone: text("origin_phone"),
    description: text("description"),
    authorizationDate: timestamp("authorization_date", { withTimezone: true }),
    status: text("status"),
    paymentIntentId: text("payment_intent_id"),
    source: transferSource("source").notNull(),
    eventId: bigint("event_id", { mode: "number" }).references(() => webhookEvents.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.sinpeRefNumber] }),
    index("mobile_transfers_mode_received_idx").on(t.mode, t.receivedAt.desc()),
    index("mobile_transfers_mode_amount_idx").on(t.mode, t.currency, t.amount),
    // The payment page shows the transfer that paid it.
    index("mobile_transfers_mode_intent_idx").on(t.mode, t.paymentIntentId),
    // Money received that no intent claims yet (the Overview's figure, and what reconciliation works through): only
    // those rows, with what the sums need, so the index shrinks as transfers get linked.
    index("mobile_transfers_unlinked_idx")
      .on(t.mode, t.currency, t.amount, t.authorizationDate, t.receivedAt)
      .where(sql`status = 'received' and payment_intent_id is null`),
    // Global search finds transfers by the sender's phone, which only the webhook carries.
    index("mobile_transfers_mode_phone_idx").on(t.mode, phoneKeySql(t.originPhone)).where(sql`${t.originPhone} is not null`),
  ],
);

/** One row per failing renewal period, updated by each attempt; resolved by a later success of the subscription. */
export const renewalFailures = pgTable(
  "renewal_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mode: modeEnum("mode").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    invoicePeriodStart: timestamp("invoice_period_start", { withTimezone: true }).notNull(),
    invoicePeriodEnd: timestamp("invoice_period_end", { withTimezone: true }),
    attemptCount: integer("attempt_count").notNull(),
    invoiceStatus: text("invoice_status").notNull(),
    subscriptionStatus: text("subscription_status"),
    nextPaymentAttempt: timestamp("next_payment_attempt", { withTimezone: true }),
    lastPaymentAttempt: timestamp("last_payment_attempt", { withTimezone: true }),
    paymentIntentId: text("payment_intent_id"),
    customerId: text("customer_id"),
    customerName: text("customer_name"),
    currency: text("currency"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    lastEventId: bigint("last_event_id", { mode: "number" }).references(() => webhookEvents.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByEventId: bigint("resolved_by_event_id", { mode: "number" }).references(() => webhookEvents.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("renewal_failures_period_key").on(t.mode, t.subscriptionId, t.invoicePeriodStart),
    index("renewal_failures_open_idx").on(t.mode, t.resolvedAt, t.lastPaymentAttempt.desc()),
  ],
);

/** Paid checkout sessions. The event carries no id: the session's URL identifies it. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    mode: modeEnum("mode").notNull(),
    url: text("url").notNull(),
    paymentStatus: text("payment_status").notNull(),
    currency: text("currency").notNull(),
    amountTotal: bigint("amount_total", { mode: "number" }).notNull(),
    customerId: text("customer_id"),
    metadata: jsonb("metadata"),
    lineItems: jsonb("line_items").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }),
    eventId: bigint("event_id", { mode: "number" }).references(() => webhookEvents.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.mode, t.url] })],
);

export type Operator = typeof operators.$inferSelect;
export type Role = (typeof operatorRole.enumValues)[number];

/**
 * One row per refund form submitted: the form's one-time key, claimed (inserted) before the Payment Service is asked,
 * so a replayed or double-submitted request finds it and gets the first one's result instead of a second refund. The
 * key is bound to the refund it was first sent for; `outcome` stays null while that request is in flight.
 */
export const refundRequests = pgTable("refund_requests", {
  key: uuid("key").primaryKey(),
  mode: modeEnum("mode").notNull(),
  operatorId: uuid("operator_id")
    .notNull()
    .references(() => operators.id),
  paymentIntentId: text("payment_intent_id").notNull(),
  amount: bigint("amount", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  reason: text("reason").notNull(),
  description: text("description"),
  outcome: jsonb("outcome").$type<SettledRefund>(),
  // Requests refused because they carried a key already used: a trace of replays without an audit row per click.
  replays: integer("replays").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
});
