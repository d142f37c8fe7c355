import { describe, expect, it } from "vitest";
import { csvRow } from "@/lib/csv/encode";
import { minorUnitDigits } from "@/lib/format/money";
import { columnKit, majorUnits } from "./columns";

const major = (amount: number | bigint | string, currency: string) => majorUnits({ amount, currency })?.text ?? null;

describe("majorUnits", () => {
  it("converts colones and dollars from their cents", () => {
    expect(major(1_500_000, "CRC")).toBe("15000.00");
    expect(major(199, "usd")).toBe("1.99");
    expect(major(5, "USD")).toBe("0.05");
    expect(major(-250, "USD")).toBe("-2.50");
  });

  it("uses each currency's own minor-unit digits, not a fixed 100", () => {
    expect(major(1500, "JPY")).toBe("1500");
    expect(major(1234, "KWD")).toBe("1.234");
  });

  it("agrees with Intl's digits for every currency the Payment Service uses", () => {
    for (const currency of ["USD", "CRC", "GTQ", "PEN", "NIO", "PAB", "MXN", "HNL"]) {
      const intl = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
      expect(minorUnitDigits(currency), currency).toBe(intl);
    }
  });

  it("reads digits from a payload exactly, even beyond 2^53", () => {
    expect(major("9007199254740993", "USD")).toBe("90071992547409.93");
    expect(major("12.5", "USD")).toBeNull();
  });

  it("writes nothing rather than a wrong number when the currency is not a code", () => {
    expect(major(100, "colones")).toBeNull();
    expect(majorUnits(null)).toBeNull();
  });
});

describe("columnKit", () => {
  type Row = { at: string; total: number; currency: string; name: string };
  const kit = columnKit<Row>("America/Costa_Rica");
  const columns = [...kit.time("Creado", (r) => r.at), ...kit.money("Monto", "Moneda", (r) => ({ amount: r.total, currency: r.currency })), ...kit.text("Nombre", (r) => r.name)];
  const row: Row = { at: "2026-11-21T10:23:45Z", total: 123456, currency: "crc", name: "=cmd" };

  it("names the zone in a time column's header and money's currency beside its amount", () => {
    expect(columns.map((c) => c.header)).toEqual(["Creado (America/Costa_Rica)", "Monto", "Moneda", "Nombre"]);
  });

  it("writes local time, major units, the code and defused text", () => {
    expect(csvRow(columns.map((c) => c.cell(row)))).toBe("2026-11-21 04:23:45,1234.56,CRC,'=cmd\r\n");
  });
});
