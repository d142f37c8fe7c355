import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/config";
import { PAYMENT_EVENT_TYPES } from "@/lib/webhooks/registry";
import { eventLook, eventTypeName } from "./labels";
import { translatorFor } from "@/lib/i18n/translator";

describe("event labels", () => {
  it.each(LOCALES)("names every event type the receiver handles in %s, each differently", (locale) => {
    const t = translatorFor(locale);
    const names = PAYMENT_EVENT_TYPES.map((type) => eventTypeName(t, type));
    expect(names.every((name) => typeof name === "string" && name.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(PAYMENT_EVENT_TYPES.length);
  });

  it("gives no name to a type without one, which keeps the fallback look", () => {
    const t = translatorFor("es");
    expect(eventTypeName(t, "customer.created")).toBeNull();
    expect(eventTypeName(t, "payment-intent.failed")).toBe("Pago fallido");
    expect(eventTypeName(t, null)).toBeNull();
    expect(eventLook("customer.created")).toBe(eventLook(null));
    expect(eventLook("payment-intent.failed")).not.toBe(eventLook(null));
  });
});
