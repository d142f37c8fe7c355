import { sql } from "drizzle-orm";
import { bigserial, boolean, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
  (t) => [index("sign_in_attempts_email_at_idx").on(t.email, t.at.desc())],
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

export type Operator = typeof operators.$inferSelect;
export type Role = (typeof operatorRole.enumValues)[number];
