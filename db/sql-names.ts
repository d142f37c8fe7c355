import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

// Table and column names for hand-written statements, taken from the Drizzle schema so that renaming a column fails
// `tsc` (or follows the rename) instead of failing in PostgreSQL at run time. Drizzle renders `${column}` qualified
// with its table ("payment_intents"."status"), which an INSERT's column list and a SET's target refuse: these give the
// bare name, and the row an ON CONFLICT clause proposes.

/** The column's bare name: `insert into t (${name(t.a)})`, `set ${name(t.a)} = …`. */
export const name = (column: PgColumn): SQL => sql`${sql.identifier(column.name)}`;

/** Bare names separated by commas, for an INSERT's column list. */
export const names = (...columns: PgColumn[]): SQL => sql.join(columns.map(name), sql`, `);

/** The value the insert proposed for this column, inside ON CONFLICT … DO UPDATE. */
export const excluded = (column: PgColumn): SQL => sql`excluded.${name(column)}`;

/** The column of the row under an alias (`rf.attempt_count`), or of the conflicting row under the table's own name. */
export const of = (alias: string, column: PgColumn): SQL => sql`${sql.identifier(alias)}.${name(column)}`;
