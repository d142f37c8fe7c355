import { describe, expect, it } from "vitest";
import { PAYMENT_ERROR_MESSAGE_KEYS } from "@/lib/payments/error-messages";
import { formatCount } from "@/lib/format/time";
import { CATALOGS, FORMAT_LOCALE, LOCALES } from "./config";
import { translatorFor } from "./translator";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function messageAt(catalog: unknown, key: string): string {
  return key.split(".").reduce((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
}

/** A sample value for every argument a message names (`{count, plural, …}`, `{when}`): numbers suit plurals,
 *  numbers and dates alike, and a select falls to its `other` branch. */
function sampleArguments(message: string): Record<string, number> {
  return Object.fromEntries([...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((match) => [match[1], 2]));
}

describe("message catalogs", () => {
  const spanish = keys(CATALOGS.es).sort();

  it.each(LOCALES)("%s has exactly the Spanish keys", (locale) => {
    expect(keys(CATALOGS[locale]).sort()).toEqual(spanish);
  });

  it.each(LOCALES)("every %s message formats with sample values and is not left empty", (locale) => {
    const t = translatorFor(locale, "America/Costa_Rica");
    for (const key of spanish) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every key, whatever its arguments
      const text = (t as any)(key, sampleArguments(messageAt(CATALOGS[locale], key)));
      expect(text, key).not.toBe("");
      expect(text, key).not.toBe(key);
    }
  });

  it("says the lockout duration in the operator's language, with plurals", () => {
    const es = translatorFor("es");
    const en = translatorFor("en");
    expect(es("signIn.locked", { minutes: 1 })).toContain("1 minuto más");
    expect(es("signIn.locked", { minutes: 14 })).toContain("14 minutos más");
    expect(en("signIn.locked", { minutes: 14 })).toContain("14 more minutes");
  });

  it("groups a count inside a message as the app's own figures are, so a list's total and the Overview agree", () => {
    for (const locale of LOCALES) {
      const t = translatorFor(locale);
      for (const count of [5_729, 22_981, 1_250_000]) {
        const grouped = formatCount(count, FORMAT_LOCALE[locale]);
        expect(t("transfersList.total", { count }).startsWith(`${grouped} `), `${locale} ${count}`).toBe(true);
      }
    }
    // Costa Rica groups by spaces from four digits: not the bare "es" (22.981, and 5729 ungrouped).
    expect(translatorFor("es")("transfersList.total", { count: 5_729 }).replace(/\s/g, " ")).toBe("5 729 transferencias");
  });

  // Counts beside a plural's "#" were bare placeholders: "50 001 transferencias por conciliar: 40001 con sugerencias".
  it.each([
    ["reconciliation.openTransfers", ["suggested", "unmatched"], { count: 24_690 }],
    ["reconciliationClose.actions.openWarning", ["suggested", "unmatched"], { count: 24_690 }],
    ["reconciliation.deferred.showing", ["shown", "count"], {}],
    ["reconciliation.deferred.seeAll", ["count"], {}],
    ["reconciliation.deferred.showingOver", ["shown", "count"], {}],
    ["reconciliationDecision.bulk.chosen", ["count", "total"], {}],
    ["reconciliationDecision.bulk.shown", ["shown", "total"], {}],
    ["customer.subscriptions.latestOf", ["count", "total"], {}],
    ["customer.paymentMethods.latestOf", ["count", "total"], {}],
    ["product.pricesShown", ["count", "total"], {}],
    ["failedRenewals.chart.summary", ["failed", "recovered"], {}],
    ["search.where.scanPartial", ["count"], {}],
    ["sync.jobsProgress", ["done", "count"], {}],
  ] as const)("%s groups its counts in both languages", (key, counts, rest) => {
    for (const [locale, grouped] of [["es", "12 345"], ["en", "12,345"]] as const) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- keys of several namespaces
      const text = ((translatorFor(locale) as any)(key, { ...rest, ...Object.fromEntries(counts.map((name) => [name, 12_345])) }) as string).replace(/\s/g, " ");
      expect(text, `${locale}: ${text}`).not.toContain("12345");
      expect(text.split(grouped).length - 1, `${locale}: ${text}`).toBe(counts.length);
    }
  });
});

describe("Payment Service error texts", () => {
  it("has a text in every catalog for every key the client can return", () => {
    for (const locale of LOCALES) {
      const present = new Set(keys(CATALOGS[locale]));
      for (const key of PAYMENT_ERROR_MESSAGE_KEYS) expect(present.has(key), `${locale}: ${key}`).toBe(true);
    }
  });
});
