import { describe, expect, it } from "vitest";
import { createRecordCounter } from "./count-records";
import { CSV_BOM, CsvDecimal, csvField, csvRow } from "./encode";
import { parseCsv } from "@/scripts/test/read-csv";

describe("csvField", () => {
  it("leaves plain text, numbers and decimals as they are", () => {
    expect(csvField("Ana Mora")).toBe("Ana Mora");
    expect(csvField(42)).toBe("42");
    expect(csvField(new CsvDecimal("1234.56"))).toBe("1234.56");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(true)).toBe("true");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes inside", () => {
    expect(csvField("Mora, Ana")).toBe('"Mora, Ana"');
    expect(csvField('Pedido "urgente"')).toBe('"Pedido ""urgente"""');
    expect(csvField("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvField("=HYPERLINK(\"http://evil.example\",\"clic\")")).toBe('"\'=HYPERLINK(""http://evil.example"",""clic"")"');
    expect(csvField("+50688887777")).toBe("'+50688887777");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("Ana = socia")).toBe("Ana = socia");
  });

  it("keeps a negative amount the app wrote a number, but not text that looks like one", () => {
    expect(csvField(new CsvDecimal("-2.50"))).toBe("-2.50");
    expect(csvField("-2.50")).toBe("'-2.50");
    expect(csvField(-3)).toBe("-3");
  });

  it("refuses a decimal that is not a plain number", () => {
    expect(() => new CsvDecimal("=1+1")).toThrow(RangeError);
    expect(() => new CsvDecimal("1,5")).toThrow(RangeError);
  });

  it("writes no text for a number that is not finite", () => {
    expect(csvField(Number.NaN)).toBe("");
  });
});

describe("csvRow", () => {
  it("ends each record with CRLF and reads back to the same fields", () => {
    const cells = ["pi_1", 'dice "hola", adiós', "dos\nlíneas", new CsvDecimal("15000.00"), "CRC", null];
    const line = csvRow(cells);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseCsv(CSV_BOM + line + csvRow(["x"]))).toEqual([["pi_1", 'dice "hola", adiós', "dos\nlíneas", "15000.00", "CRC", ""], ["x"]]);
  });
});

describe("createRecordCounter", () => {
  it("counts records, not line breaks inside quoted fields, across arbitrary chunk boundaries", () => {
    const text = csvRow(["a", "b"]) + csvRow(["uno\ndos", 'con "comillas"\r\ny salto']) + csvRow(["c", "d"]);
    for (let cut = 0; cut <= text.length; cut++) {
      const counter = createRecordCounter();
      counter.push(text.slice(0, cut));
      expect(counter.push(text.slice(cut))).toBe(3);
    }
  });
});
