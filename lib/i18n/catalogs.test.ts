import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { PAYMENT_ERROR_MESSAGE_KEYS } from "@/lib/payments/error-messages";
import { CATALOGS, LOCALES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("message catalogs", () => {
  const spanish = keys(CATALOGS.es).sort();

  it.each(LOCALES)("%s has exactly the Spanish keys", (locale) => {
    expect(keys(CATALOGS[locale]).sort()).toEqual(spanish);
  });

  it.each(LOCALES)("every %s message formats with sample values and is not left empty", (locale) => {
    const t = createTranslator({ locale, messages: CATALOGS[locale], timeZone: "America/Costa_Rica" });
    for (const key of spanish) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every key, whatever its arguments
      const text = (t as any)(key, { minutes: 3, role: "x", name: "x", count: 2, attempt: 2, when: "x", type: "x", written: 1, total: 3, key: "x", coverage: "x", setting: "x", detail: "x", local: "x", done: "x", refresh: "x", kind: "x", expiry: "x", time: "x", day: "x", failed: 1, recovered: 1 });
      expect(text, key).not.toBe("");
      expect(text, key).not.toBe(key);
    }
  });

  it("says the lockout duration in the operator's language, with plurals", () => {
    const es = createTranslator({ locale: "es", messages: CATALOGS.es });
    const en = createTranslator({ locale: "en", messages: CATALOGS.en });
    expect(es("signIn.locked", { minutes: 1 })).toContain("1 minuto más");
    expect(es("signIn.locked", { minutes: 14 })).toContain("14 minutos más");
    expect(en("signIn.locked", { minutes: 14 })).toContain("14 more minutes");
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
