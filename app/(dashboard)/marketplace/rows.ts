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
};

export function toAccountRow(account: ConnectedAccount): AccountRow {
  return {
    id: account.id,
    businessName: account.businessName || null,
    status: account.status,
    feePercent: account.marketplaceAppFee,
    createdAt: account.createdAt,
  };
}
