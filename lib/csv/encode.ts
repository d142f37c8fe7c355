// CSV as RFC 4180 writes it, by hand rather than with a library: the one rule no library here gets right for this app
// is the formula guard, which must leave the amounts this app writes ("-2.50") alone and catch text that merely looks
// like them. Thirty lines, tested in encode.test.ts, instead of a dependency in the server bundle.

/** Record separator (RFC 4180): CRLF, which every spreadsheet reads. */
const CSV_EOL = "\r\n";

/** A UTF-8 byte order mark: without it Excel reads "Óscar Jiménez" as "Ã“scar JimÃ©nez". */
export const CSV_BOM = "\uFEFF";

/** A decimal number this app wrote itself (an amount in major units): exempt from the formula guard. */
export class CsvDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`not a decimal number: ${text}`);
  }
}

export type CsvCell = string | number | boolean | CsvDecimal | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(…), +cmd|…, @SUM(…)), so text from
// the outside (a customer's name, a description a payer typed) gets a leading apostrophe: OWASP's "CSV injection".
const FORMULA_START = /^[=+\-@\t\r]/;

function text(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof CsvDecimal) return cell.text;
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "boolean") return cell ? "true" : "false";
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One field: quoted when it holds a comma, a quote or a line break, with its quotes doubled. */
export function csvField(cell: CsvCell): string {
  const value = text(cell);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record, with its line ending. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(",") + CSV_EOL;
}
