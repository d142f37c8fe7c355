import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en";
import es from "@/lib/i18n/messages/es";
import { CONNECTED_ACCOUNT_STATUSES, type ConnectedAccount } from "@/lib/payments/schemas";
import { connectedAccount, ONBOARDING_URL } from "@/lib/payments/test-utils/fixtures";
import { toAccountRow } from "./rows";
import { ACCOUNT_STATUS_TONES } from "./status";

describe("toAccountRow", () => {
  it("keeps name, status, fee and creation, and never an onboarding link", () => {
    const row = toAccountRow({ ...connectedAccount, onboardingUrl: ONBOARDING_URL } as ConnectedAccount);
    expect(row).toEqual({ id: "ca_01", businessName: "Soda La Esquina", status: "pending_onboarding", feePercent: 5, createdAt: "2026-11-01T10:00:00.000Z" });
    expect(JSON.stringify(row)).not.toContain(ONBOARDING_URL);
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
