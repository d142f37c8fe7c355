import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FailureTotalsRow } from "@/db/queries/renewal-failures";
import { translatorFor } from "@/lib/i18n/translator";
import type { Locale } from "@/lib/i18n/config";
import type { Translator } from "@/lib/i18n/server";
import { FailureChart, FailureTotals } from "./summary";

// The figures above the failed-renewals list: a currency whose renewals have no known amount yet says which currency
// and how many renewals, so two of them never read as two identical "Monto desconocido" lines.

const row = (currency: string, figures: Partial<FailureTotalsRow>): FailureTotalsRow => ({
  currency,
  retrying: 0,
  exhausted: 0,
  atRisk: "0",
  unpriced: 0,
  recovered: 0,
  recoveredAmount: "0",
  recoveredUnpriced: 0,
  ...figures,
});

/** Each line of a card (its <li>), as text. */
function lines(totals: FailureTotalsRow[], card: "failed-at-risk" | "failed-recovered", locale: Locale = "es") {
  const t = translatorFor(locale, "America/Costa_Rica", (error) => {
    throw error;
  }) as unknown as Translator;
  const html = renderToStaticMarkup(createElement(FailureTotals, { totals, t, locale: locale === "es" ? "es-CR" : "en-US" }));
  const section = html.slice(html.indexOf(`id="${card}"`));
  const list = section.slice(0, section.indexOf("</ul>"));
  return [...list.matchAll(/<li[^>]*data-currency="([^"]*)"[^>]*>(.*?)<\/li>/g)].map(([, currency, inner]) => ({
    currency,
    text: inner!.replace(/<[^>]+>/g, "").replace(/&nbsp;|\u00a0/g, " "),
  }));
}

describe("the failed renewals' totals", () => {
  it("name the currency and count the renewals whose amount is unknown, in the app's order of currencies", () => {
    const recovered = lines([row("USD", { recovered: 1, recoveredUnpriced: 1 }), row("CRC", { recovered: 2, recoveredUnpriced: 2 })], "failed-recovered");
    expect(recovered).toEqual([
      { currency: "CRC", text: "Monto desconocido en CRC2 renovaciones sin monto conocido" },
      { currency: "USD", text: "Monto desconocido en USD1 renovación sin monto conocido" },
    ]);
    expect(lines([row("USD", { recovered: 1, recoveredUnpriced: 1 })], "failed-recovered", "en")).toEqual([
      { currency: "USD", text: "Amount unknown in USD1 renewal with no known amount" },
    ]);
    // Some priced: the sum of those, and how many are not in it.
    expect(lines([row("CRC", { recovered: 3, recoveredUnpriced: 1, recoveredAmount: "1500000" })], "failed-recovered")[0]!.text).toBe("₡15 000,003 renovaciones · 1 sin monto conocido");
    // No currency known either (not something the service sends, but never an empty, unlabelled line).
    expect(lines([row("", { recovered: 1, recoveredUnpriced: 1 }), row("GTQ", { recovered: 1, recoveredAmount: "5000" })], "failed-recovered").map((line) => line.currency)).toEqual(["GTQ", ""]);
    expect(lines([row("", { recovered: 1, recoveredUnpriced: 1 })], "failed-recovered")[0]!.text).toBe("Moneda y monto desconocidos1 renovación sin monto conocido");

    const atRisk = lines([row("GTQ", { retrying: 1, unpriced: 1 }), row("USD", { exhausted: 1, unpriced: 1 }), row("CRC", { retrying: 1, atRisk: "500000" })], "failed-at-risk");
    expect(atRisk.map((line) => line.currency)).toEqual(["CRC", "USD", "GTQ"]);
    expect(atRisk[1]!.text).toMatch(/^Monto desconocido en USD.*1 sin monto conocido$/);
    expect(atRisk[2]!.text).toMatch(/^Monto desconocido en GTQ/);
  });
});

describe("the failed renewals' chart", () => {
  it("groups its 30 days' totals as the figures beside them are, in its caption and its summary", () => {
    const days = [{ day: "2026-11-01", failed: 12_000, recovered: 345 }, { day: "2026-11-02", failed: 1_000, recovered: 1_000 }];
    for (const [locale, region, failed, recovered] of [["es", "es-CR", "13 000", "1 345"], ["en", "en-US", "13,000", "1,345"]] as const) {
      const t = translatorFor(locale, "America/Costa_Rica", (error) => {
        throw error;
      }) as unknown as Translator;
      const html = renderToStaticMarkup(createElement(FailureChart, { days: days as never, t, locale: region })).replace(/&nbsp;|\u00a0|\u202f/g, " ");
      expect(html, locale).toContain(`<strong class="tabular-nums">${failed}</strong>`);
      expect(html, locale).toContain(`<strong class="tabular-nums">${recovered}</strong>`);
      expect(html, locale).toContain(t("failedRenewals.chart.summary", { failed: 13_000, recovered: 1_345 }).replace(/\u00a0|\u202f/g, " "));
      expect(html, locale).toContain(failed === "13 000" ? "13 000 fallaron y 1 345 se recuperaron" : "13,000 failed and 1,345 recovered");
      expect(html, locale).not.toMatch(/13000|1345/);
    }
  });
});
