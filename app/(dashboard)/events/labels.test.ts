import { describe, expect, it } from "vitest";
import { CATALOGS, LOCALES } from "@/lib/i18n/config";
import { eventLook, eventTypeKey, isKnownEventType } from "./labels";
import { EVENT_TYPES } from "./search-params";

describe("event labels", () => {
  it.each(LOCALES)("names every known event type in %s, each differently", (locale) => {
    const names = EVENT_TYPES.map((type) => {
      const key = eventTypeKey(type).split(".").at(-1)!;
      return (CATALOGS[locale].events.types as Record<string, string>)[key];
    });
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(EVENT_TYPES.length);
  });

  it("tells known types from unrecognized ones, which keep the fallback look", () => {
    expect(isKnownEventType("mobile-transfer.received")).toBe(true);
    expect(isKnownEventType("customer.created")).toBe(false);
    expect(isKnownEventType(null)).toBe(false);
    expect(eventLook("customer.created")).toBe(eventLook(null));
    expect(eventLook("payment-intent.failed")).not.toBe(eventLook(null));
  });
});
