import { getTableName, sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";

// Table and column names for hand-written statements, taken from the Drizzle schema so that renaming a column fails
// `tsc` (or follows the rename) instead of failing in PostgreSQL at run time. Drizzle renders `${column}` qualified
// with its table ("payment_intents"."status"), which an INSERT's column list and a SET's target refuse: these give the
// bare name, and the row an ON CONFLICT clause proposes.
//
// Each is a raw chunk, quoted here once: the webhook statements are built on every delivery, and drizzle's rendering
// of a table or column chunk (an entity check per chunk) cost more than the rest of building the statement.

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The column's bare name: `insert into t (${name(t.a)})`, `set ${name(t.a)} = …`. */
export const name = (column: PgColumn): SQL => sql.raw(quote(column.name));

/** Bare names separated by commas, for an INSERT's column list. */
export const names = (...columns: PgColumn[]): SQL => sql.raw(columns.map((column) => quote(column.name)).join(", "));

/** The value the insert proposed for this column, inside ON CONFLICT … DO UPDATE. */
export const excluded = (column: PgColumn): SQL => sql.raw(`excluded.${quote(column.name)}`);

/** The column of the row under an alias (`rf.attempt_count`), or of the conflicting row under the table's own name. */
export const of = (alias: string, column: PgColumn): SQL => sql.raw(`${quote(alias)}.${quote(column.name)}`);

/** The table's name: `insert into ${table(t)}`. */
export const table = (t: PgTable): SQL => sql.raw(quote(getTableName(t)));

/** The column qualified by its table's name, as drizzle's `${column}` renders it. */
export const column = (c: PgColumn): SQL => sql.raw(`${quote(getTableName(c.table))}.${quote(c.name)}`);

/** An enum's type name, for a cast: `${value}::${enumType(modeEnum)}`. */
export const enumType = (e: { enumName: string }): SQL => sql.raw(quote(e.enumName));

const dialect = new PgDialect();

/**
 * A fragment without parameters, rendered to text once (at module load) and kept as one raw chunk: the static parts of
 * a statement built on every delivery (column lists, ON CONFLICT clauses) then cost nothing to build again.
 */
export function frozen(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error(`frozen SQL takes no parameters: ${query.sql}`);
  return sql.raw(query.sql);
}
