import { describe, expect, it } from "vitest";
import { webhookEventStatus } from "@/db/schema";
import { PAYMENT_EVENT_TYPES } from "@/lib/payments/schemas/events";
import { EVENT_STATUSES, EVENT_TYPES, eventCursor } from "./search-params";

describe("Events search params", () => {
  it("offers exactly the event types the receiver handles and the statuses the database stores", () => {
    expect([...EVENT_TYPES].sort()).toEqual([...PAYMENT_EVENT_TYPES].sort());
    expect([...EVENT_STATUSES]).toEqual(webhookEventStatus.enumValues);
  });

  it("takes only positive integer ids as cursors", () => {
    expect(eventCursor("120")).toBe(120);
    for (const value of [null, "", "0", "-3", "1e3", "pi_123", "9".repeat(16)]) expect(eventCursor(value), String(value)).toBeUndefined();
  });
});
