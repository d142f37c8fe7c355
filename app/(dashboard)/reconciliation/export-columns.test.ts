import { describe, expect, it } from "vitest";
import { csvRow } from "@/lib/csv/encode";
import { columnKit, namedColumnKit } from "@/lib/export/columns";
import { exportTranslator } from "@/lib/export/translator";
import type { ReconciliationRow } from "./rows";
import { reconciliationSource } from "./source";

// The queue's CSV: every amount of a row in the same unit (major units, the currency's digits), never minor units
// beside major ones.

const row: ReconciliationRow = {
  id: "7",
  matchId: 7,
  state: "suggested",
  rule: null,
  score: null,
  confidence: null,
  reasons: [],
  paymentIntentId: "pi_1",
  intentAmount: 123456789012,
  amount: 123456788007,
  currency: "CRC",
  difference: -1005,
  transferAt: "2026-11-20T15:00:00.000Z",
  refs: ["ref1"],
  senderName: null,
  senderPhone: null,
  description: null,
  decidedBy: null,
  decidedAt: null,
  note: null,
};

function csv(r: ReconciliationRow, locale: "es" | "en" = "en") {
  const t = exportTranslator(locale);
  const columns = reconciliationSource.exportColumns(namedColumnKit(columnKit<ReconciliationRow>("America/Costa_Rica"), t), t).flat();
  const cells = Object.fromEntries(columns.map((column) => [column.header, csvRow([column.cell(r)]).trimEnd()]));
  return { headers: columns.map((column) => column.header), cells };
}

describe("reconciliation queue export", () => {
  it("writes the payment's amount and the difference in major units with the currency's two decimals", () => {
    const { cells } = csv(row);
    expect(cells["Amount"]).toBe("1234567880.07");
    expect(cells["Payment amount"]).toBe("1234567890.12");
    expect(cells["Difference"]).toBe("-10.05");
  });

  it("leaves them empty when there is no payment or no difference, with one currency column", () => {
    const { cells, headers } = csv({ ...row, paymentIntentId: null, intentAmount: null, difference: null });
    expect(cells["Payment amount"]).toBe("");
    expect(cells["Difference"]).toBe("");
    expect(headers.filter((header) => header === "Currency")).toHaveLength(1);
  });

  it("says the queue and the rule in words, and money inside the reasons as the operator's language writes it", () => {
    const reasons: ReconciliationRow["reasons"] = [{ code: "same_amount", amount: 12_450_000, currency: "CRC" }];
    const es = csv({ ...row, state: "accepted_unmatched", rule: "manual", reasons }, "es").cells;
    expect(es["Cola"]).toBe("Aceptada sin coincidencia");
    expect(es["Regla"]).toBe("Decisión a mano");
    expect(es["Razones"]!.replace(/\s/g, " ")).toBe('"misma cantidad ₡124 500,00"');
    const en = csv({ ...row, state: "unmatched", rule: "amount_and_sender", reasons }, "en").cells;
    expect(en["Queue"]).toBe("Unmatched");
    expect(en["Reasons"]).toBe('"same amount ₡124,500.00"');
  });
});
