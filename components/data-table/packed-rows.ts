// A page of rows as the server hands it to the list's client table: each field's name once, then every row's values
// in that order. The rows travel inside the page's HTML (its RSC payload, where every quote is escaped), and a list's
// field names repeated on each of 25 rows were most of what the rows cost there: about 4 kB of the subscriptions
// list's 64. Nothing is lost: a field a row leaves out travels as undefined and is left out again, null stays null.

export type PackedRows<Row> = {
  fields: string[];
  values: unknown[][];
  /** The row type, for the compiler only. */
  readonly row?: Row;
};

export function packRows<Row>(rows: readonly Row[]): PackedRows<Row> {
  const records = rows as readonly Record<string, unknown>[];
  const fields = [...new Set(records.flatMap((row) => Object.keys(row)))];
  return { fields, values: records.map((row) => fields.map((field) => row[field])) };
}

export function unpackRows<Row>({ fields, values }: PackedRows<Row>): Row[] {
  return values.map((value) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) if (value[i] !== undefined) row[fields[i]!] = value[i];
    return row as Row;
  });
}
