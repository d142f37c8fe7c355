import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
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
import { ROLES } from "../lib/auth/roles";
import { CLOSE_REASONS, CONTACT_KINDS, FAILURE_STATES } from "../lib/renewals/states";
import { FAILURE_AMOUNT_ORDER_SQL, FAILURE_STATE_CHANGED_AT_SQL, FAILURE_STATE_RANK_SQL, FAILURE_STATE_SQL } from "./queries/renewal-failure-state";
import { MODES } from "../lib/env-schema";
import { EVENT_STATUSES } from "../lib/webhooks/event-status";
import { RECONCILIATION_RULES, RECONCILIATION_STATES, type Reason } from "../lib/reconciliation/reasons";
import { PERIOD_KINDS, type PeriodFigures } from "../lib/reconciliation/periods";

export const operatorRole = pgEnum("operator_role", ROLES);

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
  // The audit log page (/settings/audit) reads newest first by (at, id), keyset-paged, whole or by one operator or
  // action: each is an index in that order, so a page reads its rows and stops. A kind of subject walks (at, id) and
  // skips the rest (ten kinds, most of them common; an index of its own took the timelines' plans off the subject index).
  (t) => [
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.at.desc()),
    index("audit_log_at_id_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_operator_at_idx").on(t.operatorId, t.at.desc(), t.id.desc()),
    index("audit_log_action_at_idx").on(t.action, t.at.desc(), t.id.desc()),
  ],
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
export const modeEnum = pgEnum("mode", MODES);

export const webhookEventStatus = pgEnum("webhook_event_status", EVENT_STATUSES);

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

export const SUBJECT_TYPES = ["payment_intent", "customer", "subscription", "renewal", "transfer", "checkout_session", "connected_account"] as const;

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

// Identifier and key columns marked COLLATE "C" below are so in the database (drizzle/0042_identifier_columns_collate_c.sql;
// drizzle's text() cannot say a collation): byte comparisons instead of the database's C.UTF-8 strcoll in their B-tree
// and GIN indexes and sorts, the same order (code points) and equality. Free text keeps the database's collation. In
// "C", lower()/upper()/regex classes are ASCII-only: an expression applying them to these columns says `collate "default"`.

/**
 * What the events say about each payment intent. Status only moves forward: a late event never undoes a later state,
 * and a failure reported after success is kept as a flag for an operator, not applied.
 */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    status: text("status").notNull(),
    statusRank: smallint("status_rank").notNull(),
    amount: bigint("amount", { mode: "number" }),
    currency: text("currency"),
    customerId: text("customer_id"), // COLLATE "C" (drizzle/0042)
    description: text("description"),
    metadata: jsonb("metadata"),
    /**
     * The last failed attempt's error: the failure event's code, type, message and paymentMethodType, and the API
     * record's lastPaymentError (code, type, message, reason, declineCode), merged (intentLastError).
     */
    lastError: jsonb("last_error"),
    /** The method the intent last charged, from the API's record (the sync); the failed renewals' card is that one. */
    paymentMethodId: text("payment_method_id"),
    conflict: text("conflict"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a sync last wrote this intent from the API (read again unchanged, it is not rewritten); null for an intent only webhooks have told us about. */
    syncedAt: timestamp("synced_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.id] }),
    // No index on (mode, created_at) (drizzle/0030): the re-read finds open intents by status_rank and the watermark
    // lives in sync_state; the deferred-payments queue (processing intents, oldest first) walked it past every older
    // intent of another status (~300 ms at 230,000 intents, ~90 ms from payment_intents_awaiting_idx and a sort), and
    // every write paid for it, the sync's backfill most.
    index("payment_intents_mode_customer_idx").on(t.mode, t.customerId),
    // The Overview's totals and daily volume: a time range per mode, answered from the index alone (no heap visits).
    index("payment_intents_mode_event_at_idx").on(t.mode, t.lastEventAt, t.status, t.currency, t.amount),
    // Reconciliation's rules 3 and 4: intents still awaiting money, by amount and creation time (AWAITING_INTENT_STATUSES).
    index("payment_intents_awaiting_idx")
      .on(t.mode, t.currency, t.amount, t.createdAt)
      .where(sql`status in ('processing', 'requires_payment_method', 'requires_confirmation', 'requires_action')`),
    // The deferred payments (listDeferredIntents): processing intents, oldest first, read a page at a time and counted
    // up to a cap. Only an intent in processing enters it, so the sync's backfill (mostly settled intents) barely pays
    // for it (drizzle/0037). Without it the queue sorted every awaiting intent (639 ms to count them at 1M).
    index("payment_intents_processing_idx").on(t.mode, t.createdAt, t.id).where(sql`status = 'processing'`),
    // Match by hand for a text many customers hold (findIntentsToMatch): the awaiting intents newest first, walked until
    // a page is found (drizzle/0043). Only an intent awaiting money enters it, as payment_intents_awaiting_idx above:
    // the sync's backfill (mostly settled intents) barely pays for it.
    index("payment_intents_awaiting_created_idx")
      .on(t.mode, t.createdAt.desc().nullsLast(), t.id)
      .where(sql`status in ('processing', 'requires_payment_method', 'requires_confirmation', 'requires_action')`),
  ],
);

export const transferSource = pgEnum("transfer_source", ["webhook", "sync"]);

/** SINPE Móvil transfers received: the only push signal of money arriving. One row per reference and mode. */
export const mobileTransfers = pgTable(
  "mobile_transfers",
  {
    mode: modeEnum("mode").notNull(),
    sinpeRefNumber: text("sinpe_ref_number").notNull(), // COLLATE "C" (drizzle/0042)
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    originId: text("origin_id"),
    originName: text("origin_name"),
    originPhone: text("origin_phone"),
    description: text("description"),
    authorizationDate: timestamp("authorization_date", { withTimezone: true }),
    status: text("status"),
    paymentIntentId: text("payment_intent_id"), // COLLATE "C" (drizzle/0042)
    source: transferSource("source").notNull(),
    eventId: bigint("event_id", { mode: "number" }).references(() => webhookEvents.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    // From the API's record (the sync): the service's own id and creation time, and the phone the money went to.
    serviceId: text("service_id"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    destinationPhone: text("destination_phone"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    // What the reconciliation queues show and sort by (drizzle/0009_reconciliation_keys.sql). The rules' other keys
    // live in reconciliation_transfer_keys, computed by the reconcile pass, so the sync's writes do not pay for them.
    /** When the money moved: the bank's authorization, else the service's record, else our receipt. */
    paidAt: timestamp("paid_at", { withTimezone: true }).generatedAlwaysAs(sql`coalesce(authorization_date, created_at, received_at)`),
    senderPhone: text("sender_phone").generatedAlwaysAs(sql`rc_phone(origin_phone)`),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.sinpeRefNumber] }),
    // No index on (mode, created_at), (mode, currency, amount) nor (mode, received_at): no query reads transfers by
    // any of them (the open ones by amount use mobile_transfers_unlinked_idx; the two lists that order by received_at
    // first narrow to an intent or a phone, by the indexes below), and each costs every write — the sync's backfill
    // most (drizzle/0022, 0028).
    // The payment page shows the transfer that paid it; the deferred payments' queue skips intents a transfer names.
    // Every query asks for a given intent (an equality, which also implies the predicate), so: a hash index of the
    // linked transfers only. As a B-tree on (mode, payment_intent_id) each synced transfer's random id cost a descent
    // and its comparisons: ~0.08 ms of PostgreSQL's CPU per 100-row page of the backfill (the write lab: 0.92 → 0.84
    // ms/page; the B-tree made partial alone saved nothing measurable, 87 % of the sandbox's transfers are linked).
    index("mobile_transfers_intent_idx").using("hash", t.paymentIntentId).where(sql`${t.paymentIntentId} is not null`),
    // Period close (/reconciliation/close): a period's transfers of one currency by when the money moved.
    index("mobile_transfers_mode_currency_paid_idx").on(t.mode, t.currency, t.paidAt),
    // Money received that no intent claims yet (UNRECONCILED_TRANSFER_STATUSES), by amount and then by when it was paid:
    // the deferred payments' "same amount since the intent was created", the first three read in order and no more
    // (drizzle/0040; on (…, authorization_date, received_at) every open transfer of the amount was read and sorted:
    // ~1,800 a payment at 1,000,000 transfers). Only those rows, so the index shrinks as transfers get linked.
    index("mobile_transfers_unlinked_idx")
      .on(t.mode, t.currency, t.amount, t.paidAt)
      .where(sql`status in ('received', 'attempt_not_found', 'charge_not_found') and payment_intent_id is null`),
    // Global search finds transfers by the sender's phone, which only the webhook carries.
    index("mobile_transfers_mode_phone_idx").on(t.mode, phoneKeySql(t.originPhone)).where(sql`${t.originPhone} is not null`),
    // Reconciliation's Unmatched queue: open transfers, newest money first. Drizzle's .desc() says DESC NULLS LAST, so
    // the queue's query must say `desc nulls last` too (db/queries/reconciliation-queues.ts), or the planner sorts the
    // whole table instead of reading the index.
    index("mobile_transfers_open_paid_idx")
      .on(t.mode, t.paidAt.desc(), t.sinpeRefNumber.desc())
      .where(sql`status in ('received', 'attempt_not_found', 'charge_not_found') and payment_intent_id is null`),
  ],
);

/** One row per failing renewal period, updated by each attempt; resolved by a later success of the subscription. */
export const renewalFailures = pgTable(
  "renewal_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mode: modeEnum("mode").notNull(),
    subscriptionId: text("subscription_id").notNull(), // COLLATE "C" (drizzle/0042)
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
    // When this app first heard of the failing period (the projection inserts without it): the failed-renewals chart's day.
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
    // The synced renewal (invoice) of the same subscription and period, copied here by the triggers of
    // drizzle/0017_failed_renewals.sql when either row is written: the failure event carries no amount, and a renewal
    // the sync finds paid or uncollectible changes the failure's state.
    renewalId: text("renewal_id"),
    renewalStatus: text("renewal_status"),
    amount: bigint("amount", { mode: "number" }),
    renewalSyncedAt: timestamp("renewal_synced_at", { withTimezone: true }),
    // An operator's closure by hand (lib/renewals/follow-up.ts): the merchant's own record, which the service never hears
    // of. It makes the state "closed" unless the service recovers the payment; a recovery leaves it here as a record.
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => operators.id, { onDelete: "set null" }),
    closeReason: text("close_reason", { enum: CLOSE_REASONS }),
    closeNote: text("close_note"),
    // Derived in one place (db/queries/renewal-failure-state.ts), stored so that the workspace's filters and sums are index reads.
    state: text("state", { enum: FAILURE_STATES }).generatedAlwaysAs(FAILURE_STATE_SQL),
    stateChangedAt: timestamp("state_changed_at", { withTimezone: true }).generatedAlwaysAs(FAILURE_STATE_CHANGED_AT_SQL),
  },
  (t) => [
    uniqueIndex("renewal_failures_period_key").on(t.mode, t.subscriptionId, t.invoicePeriodStart),
    index("renewal_failures_open_idx").on(t.mode, t.resolvedAt, t.lastPaymentAttempt.desc()),
    // The failed-renewals page: its default order (soonest retry first), its totals per state and currency, what
    // recovered in a period, and its 30-day chart.
    index("renewal_failures_next_attempt_idx").on(t.mode, FAILURE_STATE_RANK_SQL, t.nextPaymentAttempt.asc().nullsLast(), t.lastPaymentAttempt.desc(), t.id.desc()),
    index("renewal_failures_amount_idx").on(t.mode, ...FAILURE_AMOUNT_ORDER_SQL),
    index("renewal_failures_state_idx").on(t.mode, t.state, t.currency, t.amount),
    index("renewal_failures_recovered_idx").on(t.mode, t.stateChangedAt).where(sql`state = 'recovered'`),
    index("renewal_failures_first_failed_idx").on(t.mode, t.firstFailedAt),
    // A closure says why and how (a note is required); reopening clears all of it (closed_by may be emptied alone: a deleted operator).
    check(
      "renewal_failures_closure_check",
      sql`(closed_at is null and close_reason is null and close_note is null and closed_by is null) or (closed_at is not null and close_reason is not null and length(trim(close_note)) > 0)`,
    ),
  ],
);

/**
 * Who on the team chases a failed renewal, the last contact and what the customer promised: this app's own record,
 * one row per failure (the history of each change is the audit log, shown on the subscription's timeline).
 */
export const renewalFollowUps = pgTable(
  "renewal_follow_ups",
  {
    failureId: bigint("failure_id", { mode: "number" })
      .primaryKey()
      .references(() => renewalFailures.id, { onDelete: "cascade" }),
    mode: modeEnum("mode").notNull(),
    assignedTo: uuid("assigned_to").references(() => operators.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    lastContactKind: text("last_contact_kind", { enum: CONTACT_KINDS }),
    lastContactNote: text("last_contact_note"),
    lastContactAt: timestamp("last_contact_at", { withTimezone: true }),
    /** A calendar day (the operator's), not an instant. */
    promisedBy: date("promised_by", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("renewal_follow_ups_assigned_idx").on(t.mode, t.assignedTo)],
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

// ---- Sync: the local copy of the service's lists (lib/sync). Keyed by the service's id; written only by the sync. ----

const syncedAt = () => timestamp("synced_at", { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable(
  "customers",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    amountSpent: bigint("amount_spent", { mode: "number" }).notNull(),
    transactionsCount: integer("transactions_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    syncedAt: syncedAt(),
    // Reconciliation's keys (drizzle/0009_reconciliation_keys.sql): what a SINPE sender is compared with.
    phoneKey: text("phone_key").generatedAlwaysAs(sql`rc_phone(phone)`),
    nameKey: text("name_key").generatedAlwaysAs(sql`rc_name(name)`),
  },
  // No search index here: match by hand reads reconciliation_customer_search (a trigram index here cost the customers
  // sync 2.1–2.8 times its database CPU per page, drizzle/0039).
  (t) => [primaryKey({ columns: [t.mode, t.id] }), index("customers_mode_created_idx").on(t.mode, t.createdAt)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    status: text("status").notNull(),
    customerId: text("customer_id"),
    currency: text("currency"),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.id] }), index("subscriptions_mode_created_idx").on(t.mode, t.createdAt)],
);

/** The service's invoices: one per billing period of a subscription. */
export const renewals = pgTable(
  "renewals",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    status: text("status").notNull(),
    statusRank: smallint("status_rank").notNull(),
    subscriptionId: text("subscription_id").notNull(), // COLLATE "C" (drizzle/0042)
    customerId: text("customer_id"),
    paymentIntentId: text("payment_intent_id"),
    currency: text("currency").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    attemptCount: integer("attempt_count"),
    nextPaymentAttempt: timestamp("next_payment_attempt", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    syncedAt: syncedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.id] }),
    index("renewals_mode_created_idx").on(t.mode, t.createdAt),
    index("renewals_mode_subscription_idx").on(t.mode, t.subscriptionId),
  ],
);

export const connectedAccounts = pgTable(
  "connected_accounts",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    status: text("status").notNull(),
    businessName: text("business_name"),
    marketplaceAppFee: doublePrecision("marketplace_app_fee"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.id] }), index("connected_accounts_mode_created_idx").on(t.mode, t.createdAt)],
);

export const SYNC_RESOURCES = ["payments", "transfers", "renewals", "subscriptions", "customers", "accounts"] as const;
export const syncPhase = pgEnum("sync_phase", ["idle", "running", "failed"]);

/**
 * One row per (mode, resource): where the current pass stands, checkpointed after every page so a killed run resumes
 * from `cursor`; `watermark` is the newest createdAt seen, where the next incremental pass starts (less an overlap).
 */
export const syncState = pgTable(
  "sync_state",
  {
    mode: modeEnum("mode").notNull(),
    resource: text("resource", { enum: SYNC_RESOURCES }).notNull(),
    phase: syncPhase("phase").notNull().default("idle"),
    /** The pass in progress or last run: backfill (whole history), incremental, refresh (re-read changeable objects). */
    kind: text("kind"),
    /** Resume point of an unfinished backfill: the last id written (sent back as startingAfter). */
    cursor: text("cursor"),
    /** The newest createdAt the pass started from, saved as `watermark` when the pass completes. */
    pendingWatermark: timestamp("pending_watermark", { withTimezone: true }),
    watermark: timestamp("watermark", { withTimezone: true }),
    rowsDone: integer("rows_done").notNull().default(0),
    /** The service's own count (meta.total) at the last page read. */
    remoteTotal: integer("remote_total"),
    /**
     * The local table's rows of this mode, counted when a pass ends (in its last statement), so that the status card and
     * the Overview read a figure instead of counting 200,000 rows on every render (~100 ms at scale 10, measured).
     */
    localRows: integer("local_rows"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The last time a backfill ran to its end: from then on the copy is complete. */
    lastCompleteAt: timestamp("last_complete_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The process running the pass ("host:pid"), so that one on the same host can tell it died and take over. */
    owner: text("owner"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.resource] })],
);

/** A record that failed its schema: kept raw, with why, so nothing is silently lost; the run skipped it. */
export const syncProblems = pgTable(
  "sync_problems",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mode: modeEnum("mode").notNull(),
    resource: text("resource", { enum: SYNC_RESOURCES }).notNull(),
    recordKey: text("record_key").notNull(),
    error: text("error").notNull(),
    raw: jsonb("raw").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sync_problems_record_key").on(t.mode, t.resource, t.recordKey)],
);

/** Every sync run: which job, which process, when, how it ended. Proves each job ran once and runs never overlapped. */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: text("job_id"),
    mode: modeEnum("mode").notNull(),
    resource: text("resource", { enum: SYNC_RESOURCES }).notNull(),
    kind: text("kind").notNull(),
    worker: text("worker").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    rows: integer("rows").notNull().default(0),
    apiCalls: integer("api_calls").notNull().default(0),
    outcome: text("outcome", { enum: ["running", "succeeded", "failed"] }).notNull().default("running"),
    error: text("error"),
  },
  (t) => [index("sync_runs_mode_resource_idx").on(t.mode, t.resource, t.startedAt.desc())],
);

export type Operator = typeof operators.$inferSelect;

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

// ---- Reconciliation (lib/reconciliation): which transfer (or set of transfers) paid which intent. This app's own record. ----

export const reconciliationState = pgEnum("reconciliation_state", RECONCILIATION_STATES);
export const reconciliationRule = pgEnum("reconciliation_rule", RECONCILIATION_RULES);

/**
 * One suggestion or decision: a transfer, or a set of transfers, against one intent (none when a transfer is accepted
 * without a match). Rows in state `suggested` belong to the rules, which rewrite them on every run; every other state is
 * a decision (rule 1's service links, or an operator's) that the rules never touch. A decision undone keeps its row
 * (state `undone`, `undone_state` says what it was), so the trail stays whole.
 */
export const reconciliationMatches = pgTable(
  "reconciliation_matches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mode: modeEnum("mode").notNull(),
    state: reconciliationState("state").notNull(),
    rule: reconciliationRule("rule").notNull(),
    paymentIntentId: text("payment_intent_id"), // COLLATE "C" (drizzle/0042)
    /** The set's references, sorted and space-separated: the natural key that lets a re-run find its own suggestion. */
    transferKey: text("transfer_key").notNull(), // COLLATE "C" (drizzle/0042)
    transferCount: smallint("transfer_count").notNull(),
    /** Sum of the transfers (minor units) and their currency; the intent's amount when the row was written. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    intentAmount: bigint("intent_amount", { mode: "number" }),
    /** 0–100 from the reasons' weights (lib/reconciliation/score.ts); null for decisions that are not a guess. */
    score: smallint("score"),
    /**
     * A decision's reasons as data; null for a suggestion, whose reasons are stored as their inputs (the reason_*
     * columns, written by the rules: db/queries/reconciliation.ts SCORED) and built on read by rc_reasons(m)
     * (drizzle/0044), which returns this column when it is set. Read a row's reasons through rc_reasons.
     */
    reasons: jsonb("reasons").$type<Reason[]>().default(sql`'[]'::jsonb`),
    /** A suggestion's reasons' inputs, each null where its reason does not hold: the intent's id the description names… */
    reasonIdValue: text("reason_id_value"),
    /** …the metadata key and the value of the order number it names… */
    reasonMetaKey: text("reason_meta_key"),
    reasonMetaValue: text("reason_meta_value"),
    /** …the sender's phone that is the customer's, the sender id and the intent's metadata key holding it ("id|key"), the name… */
    reasonPhone: text("reason_phone"),
    reasonSenderId: text("reason_sender_id"),
    reasonName: text("reason_name"),
    /** …the whole hours from the intent to the transfer when within the window, and the candidates when more than one. */
    reasonHours: integer("reason_hours"),
    reasonCandidates: integer("reason_candidates"),
    /**
     * A suggestion's inputs hashed (db/queries/reconciliation.ts): a pass builds the reasons and score only of the
     * candidates whose inputs are new or changed, and leaves the others' rows untouched. Null for decisions.
     */
    fingerprint: bigint("fingerprint", { mode: "bigint" }),
    /** The latest transfer's time: queues sort and age by it. */
    transferAt: timestamp("transfer_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The operator (operators.id). Checked by a trigger, not a foreign key (drizzle/0026): a foreign key queues a check
     * for every inserted row, null or not, and the rules insert hundreds of thousands of rows with no operator.
     */
    decidedBy: uuid("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    note: text("note"),
    /** For an `undone` row: the state it had. */
    undoneState: reconciliationState("undone_state"),
    undoneBy: uuid("undone_by"),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    // An intent is paid by one transfer or one set: at most one confirmed row per intent.
    uniqueIndex("reconciliation_matches_intent_confirmed_key").on(t.mode, t.paymentIntentId).where(sql`state = 'confirmed'`),
    // Queues (state, newest transfer first) and the intent's side of its timeline.
    // DESC NULLS LAST, as the queue pages order (see mobile_transfers_open_paid_idx).
    index("reconciliation_matches_queue_idx").on(t.mode, t.state, t.transferAt.desc(), t.id.desc()),
    // The intent's side of its timeline, and the key a re-run finds its own suggestion by (intent, set of transfers).
    // Not a unique index on suggestions: only a pass writes them, under the mode's lock, from one row per (set, intent);
    // a second index with the set's text cost more than a third of writing a suggestion.
    index("reconciliation_matches_intent_idx").on(t.mode, t.paymentIntentId, t.transferKey),
    check("reconciliation_matches_intent_check", sql`payment_intent_id is not null or rule = 'manual'`),
    check("reconciliation_matches_score_check", sql`score between 0 and 100`),
    check("reconciliation_matches_note_check", sql`state <> 'accepted_unmatched' or length(trim(note)) > 0`),
  ],
);

/**
 * The transfers of each match, with a copy of the match's state, so that a partial unique index can say "a transfer
 * pays at most one intent" (a unique index cannot look into another table). Statement-level triggers on the matches
 * (drizzle/0015_reconciliation_members_follow.sql) carry every state change and deletion over, in the same statement.
 * Not a foreign key: its per-row check was planned once against the still-empty table and scanned it for every row,
 * 52 s of a 56 s first pass over 30,000 links.
 */
export const reconciliationMatchTransfers = pgTable(
  "reconciliation_match_transfers",
  {
    matchId: bigint("match_id", { mode: "number" }).notNull(),
    mode: modeEnum("mode").notNull(),
    state: reconciliationState("state").notNull(),
    sinpeRefNumber: text("sinpe_ref_number").notNull(), // COLLATE "C" (drizzle/0042)
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.sinpeRefNumber] }),
    // No foreign key to mobile_transfers: every reference is read from there when the row is written, transfers are
    // never deleted, and the check cost a lookup per row of a full pass (180 ms of 950 for 3,000 rule-1 rows).
    // A transfer is settled once: confirmed against one intent, or accepted without a match.
    uniqueIndex("reconciliation_match_transfers_settled_key")
      .on(t.mode, t.sinpeRefNumber)
      .where(sql`state in ('confirmed', 'accepted_unmatched')`),
    index("reconciliation_match_transfers_transfer_idx").on(t.mode, t.sinpeRefNumber, t.state),
  ],
);

/**
 * The reconciliation queues' counts and amounts (queueSummary, on every /reconciliation load), kept as a log of
 * changes per (queue, currency, hour of the money): statement-level triggers on reconciliation_matches, their
 * transfers and mobile_transfers append what each statement changed (drizzle/0024_reconciliation_queue_counts_triggers.sql),
 * never update a row, so concurrent writers never wait on each other here. A queue's figure is the sum of its rows;
 * compactQueueCounts folds the log into one row per key. `hour` is the epoch hour, so the ageing buckets are exact:
 * whole hours from here, the three hours that straddle a boundary from the rows themselves.
 */
export const reconciliationQueueCounts = pgTable(
  "reconciliation_queue_counts",
  {
    mode: modeEnum("mode").notNull(),
    /** suggested, confirmed, accepted_unmatched, or unmatched (open transfers with no suggestion or decision). */
    queue: text("queue").notNull(),
    currency: text("currency"),
    /** floor(epoch seconds / 3600) of the transfer's time (the match's transfer_at, the transfer's paid_at). */
    hour: integer("hour").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
    amount: bigint("amount", { mode: "number" }),
  },
  (t) => [index("reconciliation_queue_counts_key_idx").on(t.mode, t.queue, t.currency, t.hour)],
);

/**
 * What only this app knows of a seller (marketplace, issue 15): when the last onboarding link was issued, by whom and
 * when it expires (in the service's clock), and the weekly fee record as last set here (the service has no call that
 * reads it back). Never the link itself: it is a credential for the seller's identity checks and is shown once.
 */
export const sellerRecords = pgTable(
  "seller_records",
  {
    mode: modeEnum("mode").notNull(),
    accountId: text("account_id").notNull(),
    linkIssuedAt: timestamp("link_issued_at", { withTimezone: true }),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    linkIssuedBy: uuid("link_issued_by").references(() => operators.id),
    linkIssuedByName: text("link_issued_by_name"),
    weeklyFeeEnabled: boolean("weekly_fee_enabled"),
    weeklyFeeAmount: bigint("weekly_fee_amount", { mode: "number" }),
    weeklyFeeCurrency: text("weekly_fee_currency"),
    weeklyFeeSetAt: timestamp("weekly_fee_set_at", { withTimezone: true }),
    weeklyFeeSetByName: text("weekly_fee_set_by_name"),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.accountId] }),
    check("seller_records_link_check", sql`(link_issued_at is null) = (link_expires_at is null)`),
    check("seller_records_fee_check", sql`weekly_fee_enabled is not true or (weekly_fee_amount between 1 and 2147483647 and weekly_fee_currency is not null)`),
  ],
);

export const periodKind = pgEnum("reconciliation_period_kind", PERIOD_KINDS);

/**
 * A closed reconciliation period (/reconciliation/close): a day, week or month in the operator's zone for one currency,
 * who closed it and when, and its figures as they stood. A reopening keeps the row (who, when, why); the period may then
 * be closed again, as a new row. A decision later made about a transfer inside an open closure needs a note and is
 * flagged on its audit row (lib/reconciliation/decisions.ts).
 */
export const reconciliationClosures = pgTable(
  "reconciliation_closures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mode: modeEnum("mode").notNull(),
    currency: text("currency").notNull(),
    kind: periodKind("kind").notNull(),
    /** First and last calendar day (inclusive), and the instants [startsAt, endsAt) they were in the zone at close. */
    fromDay: text("from_day").notNull(),
    toDay: text("to_day").notNull(),
    timeZone: text("time_zone").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    figures: jsonb("figures").$type<PeriodFigures>().notNull(),
    closedBy: uuid("closed_by").notNull().references(() => operators.id),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    reopenedBy: uuid("reopened_by").references(() => operators.id),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenNote: text("reopen_note"),
  },
  (t) => [
    // A period is closed at most once at a time.
    uniqueIndex("reconciliation_closures_open_key").on(t.mode, t.currency, t.kind, t.fromDay).where(sql`reopened_at is null`),
    // "Is this transfer's time inside a closed period of its currency?"
    index("reconciliation_closures_span_idx").on(t.mode, t.currency, t.startsAt, t.endsAt).where(sql`reopened_at is null`),
    check("reconciliation_closures_span_check", sql`starts_at < ends_at`),
    check("reconciliation_closures_reopen_check", sql`reopened_at is null or length(trim(reopen_note)) > 0`),
  ],
);

/**
 * Reconciliation's comparison keys of a transfer (drizzle/0009_reconciliation_keys.sql's functions), written by the
 * reconcile pass for the transfers it reads (db/queries/reconciliation.ts), not by the sync or the webhook: those
 * writers queue a pass scoped to what they wrote, which (re)computes these first. One row per transfer ever considered.
 */
export const reconciliationTransferKeys = pgTable(
  "reconciliation_transfer_keys",
  {
    mode: modeEnum("mode").notNull(),
    // sinpe_ref_number, sender_id, sender_name, sender_phone, sender_key and tokens: COLLATE "C" (drizzle/0042; ASCII keys).
    sinpeRefNumber: text("sinpe_ref_number").notNull(),
    senderId: text("sender_id"),
    senderName: text("sender_name"),
    senderPhone: text("sender_phone"),
    /** Who sent it, for grouping split payments: the id, else the phone, else the name. */
    senderKey: text("sender_key"),
    /** The words of the description that can name an intent. */
    tokens: text("tokens").array().notNull(),
    /**
     * What the queues' sender filter looks in: the name as sender_name, then the digits of the phone and of the id as
     * typed, "|" between them (neither a name key nor digits hold one, so no match spans two). Null on rows written
     * before drizzle/0039 filled it.
     */
    senderText: text("sender_text"),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.sinpeRefNumber] }),
    // Rule 4 for a new transfer: the same sender's other transfers.
    index("reconciliation_transfer_keys_sender_idx").on(t.mode, t.senderKey),
    // An intent freed by an undo, or just synced: the transfers whose description names it. Without a pending list
    // (fastupdate off): a scoped pass probes it once per intent, and each probe read the whole list (138 pages after a
    // few thousand new keys: 200 intents took 1.2 s instead of 30 ms) until a vacuum emptied it.
    index("reconciliation_transfer_keys_tokens_idx").using("gin", t.tokens).with({ fastupdate: false }),
    // An intent freed by an undo, or just synced: the transfers its customer may have sent (rules 3 and 4 compare the
    // sender's phone, name or id with the customer's).
    index("reconciliation_transfer_keys_phone_idx").on(t.mode, t.senderPhone),
    index("reconciliation_transfer_keys_name_idx").on(t.mode, t.senderName),
    index("reconciliation_transfer_keys_id_idx").on(t.mode, t.senderId),
    // The queues' sender filter: a part of the name or of the digits, as trigrams (pg_trgm).
    // A pending list of 512 kB, not 4 MB: each search reads it whole (14 ms after a full pass's keys at 100,000), and a bulk
    // insert is as cheap (a pass's 70,000 keys: 1.2–1.5 s with 256 kB–1 MB; 9 s with no pending list).
    index("reconciliation_transfer_keys_sender_text_idx").using("gin", t.senderText.op("gin_trgm_ops")).with({ gin_pending_list_limit: 512 }),
  ],
);

/** Reconciliation's keys of an intent that is not closed, written by the reconcile pass like the transfers' above. */
export const reconciliationIntentKeys = pgTable(
  "reconciliation_intent_keys",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    /** What a transfer's description may name this intent by: its id and order numbers in its metadata. */
    referenceValues: text("reference_values").array().notNull(), // COLLATE "C" (drizzle/0042)
    /** The sender ids its metadata names, as "digits|key". */
    metadataSenderIds: text("metadata_sender_ids").array().notNull(), // COLLATE "C" (drizzle/0042)
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.id] }),
    // Rule 2 for a new transfer: the intents its description's words name (a full pass hash-joins instead). Without a
    // pending list, as the transfers' tokens above: after a backfill it held every key, read by each new transfer's pass.
    index("reconciliation_intent_keys_references_idx").using("gin", t.referenceValues).with({ fastupdate: false }),
  ],
);

/**
 * What match by hand (findIntentsToMatch) finds a customer's intents by: the customer's name key, e-mail and phone key
 * as the reconcile pass last read them (the customers sync queues a pass for the customers it writes), trigram-indexed.
 */
export const reconciliationCustomerSearch = pgTable(
  "reconciliation_customer_search",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    nameKey: text("name_key"),
    email: text("email"),
    phoneKey: text("phone_key"),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.id] }),
    // A pending list of 512 kB, as reconciliation_transfer_keys_sender_text_idx's.
    index("reconciliation_customer_search_idx")
      .using("gin", t.nameKey.op("gin_trgm_ops"), t.email.op("gin_trgm_ops"), t.phoneKey.op("gin_trgm_ops"))
      .with({ gin_pending_list_limit: 512 }),
  ],
);

/**
 * What match by hand (findIntentsToMatch) finds an intent by, for every intent not canceled, written by the reconcile
 * pass like the keys above (payment_intents takes no index for it: each one cost the sync's writes). Its amount and
 * description as the pass last read them, and the ids and order numbers of a closed intent that has no key row (those
 * with one are found through reconciliation_intent_keys, whose values the search has always used).
 */
export const reconciliationIntentSearch = pgTable(
  "reconciliation_intent_search",
  {
    mode: modeEnum("mode").notNull(),
    id: text("id").notNull(), // COLLATE "C" (drizzle/0042)
    amount: bigint("amount", { mode: "number" }),
    description: text("description"),
    /** rc_reference_values of a closed intent without a key row; empty otherwise. */
    referenceValues: text("reference_values").array().notNull(), // COLLATE "C" (drizzle/0042)
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.id] }),
    index("reconciliation_intent_search_amount_idx").on(t.mode, t.amount),
    // Pending lists of 512 kB, as reconciliation_transfer_keys_sender_text_idx's.
    index("reconciliation_intent_search_references_idx").using("gin", t.referenceValues).with({ gin_pending_list_limit: 512 }).where(sql`reference_values <> '{}'`),
    index("reconciliation_intent_search_description_idx")
      .using("gin", t.description.op("gin_trgm_ops"))
      .with({ gin_pending_list_limit: 512 })
      .where(sql`description is not null`),
  ],
);
