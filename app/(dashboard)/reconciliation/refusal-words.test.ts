import { describe, expect, it } from "vitest";
import { CATALOGS, FORMAT_LOCALE, LOCALES } from "@/lib/i18n/config";
import type { Translator } from "@/lib/i18n/server";
import { DECISION_ERRORS, type DecisionError, type DecisionRefusal } from "@/lib/reconciliation/decision-errors";
import type { CloseError } from "@/lib/reconciliation/periods-close";
import { explainRefusal, type Words } from "./refusal-words";
import { translatorFor } from "@/lib/i18n/translator";

// Every refusal of the decision layer has words in both languages, built from its facts: the layer returns codes, the
// catalogs speak. A code added to DECISION_ERRORS without a sample here fails tsc; without words, this test.

const words = (locale: (typeof LOCALES)[number]): Words => ({
  t: translatorFor(locale, "America/Costa_Rica") as unknown as Translator,
  locale: FORMAT_LOCALE[locale],
  timeZone: "America/Costa_Rica",
});

const decidedAt = new Date("2026-11-18T15:00:00Z");
const SAMPLES: { [C in DecisionError]: Extract<DecisionRefusal, { error: C }>[] } = {
  forbidden: [{ error: "forbidden" }],
  invalid_input: [{ error: "invalid_input", fields: ["note", "refs"] }],
  not_found: [{ error: "not_found", missing: "decision" }, { error: "not_found", missing: "transfer" }, { error: "not_found", missing: "intent" }],
  already_decided: [
    { error: "already_decided", decided: { id: 1, state: "confirmed", rule: "manual", paymentIntentId: "pi_1", refs: ["r"], decidedAt, decidedBy: { id: "o", name: "Ana Mora", email: "ana@example.cr" } } },
    { error: "already_decided", decided: { id: 1, state: "confirmed", rule: "linked_by_service", paymentIntentId: "pi_1", refs: ["r"], decidedAt: null, decidedBy: null } },
  ],
  withdrawn: [{ error: "withdrawn" }],
  not_undoable: [{ error: "not_undoable", why: "linked_by_service", state: "confirmed" }, { error: "not_undoable", why: "state", state: "suggested" }],
  intent_closed: [{ error: "intent_closed", status: "canceled" }],
  not_received: [{ error: "not_received", refs: ["2026112503793563710417400"], status: "pending" }],
  currency_mismatch: [{ error: "currency_mismatch", transfers: ["CRC"], intent: "USD" }],
  amount_mismatch: [
    { error: "amount_mismatch", total: 1_900_000, intentAmount: 2_000_000, difference: -100_000, currency: "CRC", count: 2 },
    { error: "amount_mismatch", total: 2_150_000, intentAmount: 2_000_000, difference: 150_000, currency: "CRC", count: 3 },
  ],
  closed_period: [{ error: "closed_period", periods: [{ id: 4, kind: "day", fromDay: "2026-11-18", currency: "CRC" }, { id: 5, kind: "month", fromDay: "2026-11-01", currency: "CRC" }] }],
};

describe("a refused decision in words", () => {
  it.each(LOCALES)("every DecisionError code has its words in the %s catalog", (locale) => {
    const errors = CATALOGS[locale].reconciliationDecision.errors as Record<string, string>;
    for (const code of DECISION_ERRORS) expect(errors[code], `${locale}: ${code}`).toMatch(/\S/);
  });

  it.each(LOCALES)("every closing refusal has its words in the %s catalog", (locale) => {
    const errors = CATALOGS[locale].reconciliationClose.actions.errors as Record<string, string>;
    const codes: Record<CloseError, true> = { forbidden: true, invalid_input: true, already_closed: true, not_found: true, not_closed: true };
    for (const code of Object.keys(codes)) expect(errors[code], `${locale}: ${code}`).toMatch(/\S/);
  });

  it("renders every refusal in Spanish and in English, each different, with no placeholder left", () => {
    for (const code of DECISION_ERRORS) {
      for (const sample of SAMPLES[code]) {
        const [es, en] = [explainRefusal({ ok: false, ...sample }, words("es")), explainRefusal({ ok: false, ...sample }, words("en"))];
        for (const text of [es, en]) {
          expect(text, code).toMatch(/\S/);
          expect(text, code).not.toMatch(/[{}]|reconciliationDecision\./);
        }
        expect(es, code).not.toBe(en);
      }
    }
  });

  it("says by how much a set misses its payment, who decided first, and which closed period, in the operator's language", () => {
    // Intl separates thousands with a narrow no-break space in Spanish: compared as plain spaces.
    const explain = (refusal: DecisionRefusal, locale: (typeof LOCALES)[number]) => explainRefusal({ ok: false, ...refusal }, words(locale)).replace(/\s/g, " ");
    const [short, over] = SAMPLES.amount_mismatch;
    expect(explain(short!, "es")).toContain("las 2 transferencias suman ₡19 000,00 y el pago es de ₡20 000,00 (faltan ₡1 000,00)");
    expect(explain(over!, "en")).toContain("the 3 transfers add up to ₡21,500.00 and the payment is ₡20,000.00 (₡1,500.00 over)");
    expect(explain(SAMPLES.already_decided[0]!, "en")).toContain("Ana Mora (ana@example.cr) marked it “Confirmed” against payment pi_1");
    expect(explain(SAMPLES.closed_period[0]!, "es")).toContain("(el día 18 de noviembre de 2026 en CRC; el mes de noviembre de 2026 en CRC)");
    expect(explain(SAMPLES.closed_period[0]!, "en")).toContain("(the day November 18, 2026 in CRC; the month of November 2026 in CRC)");
    expect(explain(SAMPLES.invalid_input[0]!, "es")).toBe("Revisa estos datos: nota, transferencias.");
    expect(explain(SAMPLES.not_received[0]!, "es")).toContain("La transferencia 2026112503793563710417400 está «Pendiente»: su dinero no ha llegado");
  });
});
