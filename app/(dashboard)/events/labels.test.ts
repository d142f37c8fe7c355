import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CATALOGS, LOCALES } from "@/lib/i18n/config";
import { PAYMENT_EVENT_TYPES } from "@/lib/webhooks/registry";
import { eventLook, eventTypeName } from "./labels";

describe("event labels", () => {
  it.each(LOCALES)("names every event type the receiver handles in %s, each differently", (locale) => {
    const t = createTranslator({ locale, messages: CATALOGS[locale] });
    const names = PAYMENT_EVENT_TYPES.map((type) => eventTypeName(t, type));
    expect(names.every((name) => typeof name === "string" && name.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(PAYMENT_EVENT_TYPES.length);
  });

  it("gives no name to a type without one, which keeps the fallback look", () => {
    const t = createTranslator({ locale: "es", messages: CATALOGS.es });
    expect(eventTypeName(t, "customer.created")).toBeNull();
    expect(eventTypeName(t, "payment-intent.failed")).toBe("Pago fallido");
    expect(eventTypeName(t, null)).toBeNull();
    expect(eventLook("customer.created")).toBe(eventLook(null));
    expect(eventLook("payment-intent.failed")).not.toBe(eventLook(null));
  });
});
