import type { ConnectedAccount } from "@/lib/payments/schemas";

// What one row of the connected accounts table needs. Fields are picked one by one, so nothing else a record may
// carry (an onboardingUrl above all: a seller's sign-up link) can reach the browser through this list.

export type AccountRow = {
  id: string;
  businessName: string | null;
  status: string;
  /** The marketplace's cut of each sale, in percent (5 = 5 %). */
  feePercent: number;
  createdAt: string;
  /** Pending onboarding for more than 7 days: the seller needs a new link, or a nudge. */
  stuck: boolean;
};

/** An account as the sync's copy holds it, or as the service lists it. */
export type AccountItem = Pick<ConnectedAccount, "id" | "businessName" | "status"> & { marketplaceAppFee: number | null; createdAt: string | Date; stuck?: boolean };

export const STUCK_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** Pending onboarding for more than STUCK_AFTER_MS: the list's flag and the seller page's badge. */
export const isStuck = (account: { status: string; createdAt: string | Date }, now = Date.now()) =>
  account.status === "pending_onboarding" && now - new Date(account.createdAt).getTime() > STUCK_AFTER_MS;

export function toAccountRow(account: AccountItem, now = Date.now()): AccountRow {
  const createdAt = new Date(account.createdAt).toISOString();
  return {
    id: account.id,
    businessName: account.businessName || null,
    status: account.status,
    feePercent: account.marketplaceAppFee ?? 0,
    createdAt,
    stuck: account.stuck ?? isStuck(account, now),
  };
}
