import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en";
import es from "@/lib/i18n/messages/es";
import { CONNECTED_ACCOUNT_STATUSES, type ConnectedAccount } from "@/lib/payments/schemas";
import { connectedAccount, ONBOARDING_URL } from "@/lib/payments/test-utils/fixtures";
import { toAccountRow } from "./rows";
import { ACCOUNT_STATUS_TONES } from "./status";

describe("toAccountRow", () => {
  it("keeps name, status, fee and creation, and never an onboarding link", () => {
    const row = toAccountRow({ ...connectedAccount, onboardingUrl: ONBOARDING_URL } as ConnectedAccount, Date.parse("2026-11-05T10:00:00Z"));
    expect(row).toEqual({ id: "ca_01", businessName: "Soda La Esquina", status: "pending_onboarding", feePercent: 5, createdAt: "2026-11-01T10:00:00.000Z", stuck: false });
    expect(JSON.stringify(row)).not.toContain(ONBOARDING_URL);
  });

  it("flags a seller pending onboarding for more than 7 days as stuck, and no other", () => {
    const created = Date.parse(connectedAccount.createdAt);
    const day = 24 * 60 * 60 * 1000;
    expect(toAccountRow(connectedAccount, created + 7 * day - 1).stuck).toBe(false);
    expect(toAccountRow(connectedAccount, created + 7 * day + 1).stuck).toBe(true);
    expect(toAccountRow({ ...connectedAccount, status: "active" }, created + 30 * day).stuck).toBe(false);
    // The sync's copy decides it in SQL: its answer stands.
    expect(toAccountRow({ ...connectedAccount, createdAt: new Date(created), stuck: true }, created).stuck).toBe(true);
  });

  it("marks an account without a business profile", () => {
    expect(toAccountRow({ ...connectedAccount, businessName: null } as ConnectedAccount).businessName).toBeNull();
  });

  it("labels and colours every status the spec lists, in both languages", () => {
    for (const status of CONNECTED_ACCOUNT_STATUSES) {
      expect(ACCOUNT_STATUS_TONES[status]).toBeTruthy();
      expect(es.accountsList.status[status]).toBeTruthy();
      expect(en.accountsList.status[status]).toBeTruthy();
    }
  });
});
