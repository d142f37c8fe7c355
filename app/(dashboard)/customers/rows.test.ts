import { describe, expect, it } from "vitest";
import type { Customer } from "@/lib/payments/schemas";
import { customer } from "@/lib/payments/test-utils/fixtures";
import { toCustomerRow } from "./rows";

describe("toCustomerRow", () => {
  it("keeps the contact and spending the list shows, and no address", () => {
    const row = toCustomerRow(customer as Customer);
    expect(row).toEqual({
      id: "cus_01",
      name: "Ana Mora Vargas",
      email: "ana@example.com",
      phone: "+50688887777",
      amountSpent: 125000,
      transactions: 4,
      lastTransactionAt: "2026-11-20T15:04:05.000Z",
      createdAt: "2026-01-10T12:00:00.000Z",
    });
    expect(row).not.toHaveProperty("address");
  });

  it("shows blank contact fields as missing, and a customer who never paid", () => {
    expect(toCustomerRow({ ...customer, name: "", email: null, phone: undefined, lastTransactionAt: null } as Customer)).toMatchObject({
      name: null,
      email: null,
      phone: null,
      lastTransactionAt: null,
    });
  });
});
