import { parse } from "csv-parse/sync";

// Tests read what the export wrote with a CSV parser of its own (csv-parse), not with code that shares the encoder's
// assumptions: a quoting mistake in lib/csv/encode.ts then fails the test instead of round-tripping. A leading byte
// order mark is dropped; the incomplete-export marker line may have fewer fields than the header.
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
}
