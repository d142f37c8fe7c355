import { CsvDecimal, type CsvCell } from "@/lib/csv/encode";
import { isCurrencyCode, minorToMajorString } from "@/lib/format/money";
import { formatLocalTimestamp } from "@/lib/format/time";
import type { Messages } from "@/lib/i18n/messages/es";
import type { ExportT } from "./translator";

// The kinds of column an export writes, so every list writes money and time the same way: amounts in major units by
// the currency's own minor-unit digits (lib/format/money, as the screen shows them) beside a currency column, and
// times as wall-clock in the export's zone, which the header names.

export type ExportColumn<Row> = { header: string; cell: (row: Row) => CsvCell };

/** Integer minor units (a number, a bigint, or digits read out of a JSON payload) and an ISO code. */
export type MinorAmount = { amount: number | bigint | string; currency: string };

/** "15000.00" for 1500000 CRC; null when there is no amount or its currency is not a code (nothing to convert by). */
export function majorUnits(money: MinorAmount | null | undefined): CsvDecimal | null {
  if (!money) return null;
  const currency = money.currency.toUpperCase();
  if (!isCurrencyCode(currency)) return null;
  const amount = typeof money.amount === "string" ? (/^-?\d{1,40}$/.test(money.amount) ? BigInt(money.amount) : null) : money.amount;
  return amount === null ? null : new CsvDecimal(minorToMajorString(amount, currency));
}

/** The header of a time column: "Creado (America/Costa_Rica)". */
const zonedHeader = (label: string, timeZone: string) => `${label} (${timeZone})`;

export type ColumnKit<Row> = ReturnType<typeof columnKit<Row>>;

/** Column builders for one export's zone. Each returns a list, since money takes two columns. */
export function columnKit<Row>(timeZone: string) {
  /** An amount in major units; alone, it is another amount of the row, in the currency a `money` column already names. */
  const moneyAmount = (header: string, get: (row: Row) => MinorAmount | null | undefined): ExportColumn<Row>[] => [{ header, cell: (row) => majorUnits(get(row)) }];
  return {
    text: (header: string, get: (row: Row) => string | null | undefined): ExportColumn<Row>[] => [{ header, cell: get }],
    number: (header: string, get: (row: Row) => number | boolean | null | undefined): ExportColumn<Row>[] => [{ header, cell: get }],
    time: (header: string, get: (row: Row) => string | Date | null | undefined): ExportColumn<Row>[] => [
      {
        header: zonedHeader(header, timeZone),
        cell: (row) => {
          const value = get(row);
          return value ? formatLocalTimestamp(value, timeZone) : null;
        },
      },
    ],
    money: (header: string, currencyHeader: string, get: (row: Row) => MinorAmount | null | undefined): ExportColumn<Row>[] => [
      ...moneyAmount(header, get),
      { header: currencyHeader, cell: (row) => get(row)?.currency.toUpperCase() ?? null },
    ],
    moneyAmount,
  };
}

/** A column's name in the catalogs (exportCsv.columns.<name>). */
export type ExportColumnName = keyof Messages["exportCsv"]["columns"];

/** The row's fields whose values a cell writes as they are. */
type PlainField<Row> = { [K in keyof Row]: Row[K] extends CsvCell ? K : never }[keyof Row] & ExportColumnName;

export type NamedColumnKit<Row> = ReturnType<typeof namedColumnKit<Row>>;

/**
 * The column builders by name, for a list's declaration: each header is exportCsv.columns.<name> in the operator's
 * language (a name missing from the catalogs fails tsc), money brings its currency column, and `fields` writes row
 * fields as they are, each under its own name.
 */
export function namedColumnKit<Row>(kit: ColumnKit<Row>, t: ExportT) {
  const header = (name: ExportColumnName) => t(`exportCsv.columns.${name}`);
  return {
    fields: (...names: PlainField<Row>[]): ExportColumn<Row>[] => names.map((name) => ({ header: header(name), cell: (row) => row[name] as CsvCell })),
    text: (name: ExportColumnName, get: (row: Row) => string | null | undefined) => kit.text(header(name), get),
    number: (name: ExportColumnName, get: (row: Row) => number | boolean | null | undefined) => kit.number(header(name), get),
    time: (name: ExportColumnName, get: (row: Row) => string | Date | null | undefined) => kit.time(header(name), get),
    money: (name: ExportColumnName, get: (row: Row) => MinorAmount | null | undefined) => kit.money(header(name), header("currency"), get),
    moneyAmount: (name: ExportColumnName, get: (row: Row) => MinorAmount | null | undefined) => kit.moneyAmount(header(name), get),
  };
}
