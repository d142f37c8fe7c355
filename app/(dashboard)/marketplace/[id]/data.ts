import "server-only";
import { getDb } from "@/db";
import { getSellerRecord, type SellerRecord } from "@/db/queries/connected-accounts";
import { readAsOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { getMode } from "@/lib/mode";
import { getConnectedAccount, getPaymentClient, type ConnectedAccount } from "@/lib/payments";
import { settleSubject, type Settled } from "@/lib/payments/settle";

export type SellerDetail = {
  account: ConnectedAccount;
  /** What this app recorded of the seller: links issued (never a link), the weekly fee as last set here. */
  record: Pick<SellerRecord, "linkIssuedAt" | "linkExpiresAt" | "linkIssuedByName" | "weeklyFeeEnabled" | "weeklyFeeAmount" | "weeklyFeeCurrency" | "weeklyFeeSetAt" | "weeklyFeeSetByName"> | null;
  /** The service's clock when it answered (its Date header): a link's expiry is counted against it, not this machine's. */
  serviceNow: Date;
  /** How far the service's clock is from this machine's (a sandbox's moved on by days; a real service's by nothing). */
  serviceSkewMs: number;
  /** Admins act; viewers and operators see the same page without the controls. */
  canAct: boolean;
};

/** The seller from the service and this app's record of it, read at once. No such account → the route's 404. */
export async function loadSeller(id: string): Promise<Settled<SellerDetail>> {
  const mode = await getMode();
  const {
    operator,
    value: [account, record],
  } = await readAsOperator("viewer", () => Promise.all([settleSubject(() => getConnectedAccount(getPaymentClient(mode), id)), getSellerRecord(getDb(), { mode, accountId: id })]));
  if (!account.ok) return account;
  const serviceNow = getPaymentClient(mode).serviceNow?.() ?? new Date();
  return { ok: true, value: { account: account.value, record, serviceNow, serviceSkewMs: serviceNow.getTime() - Date.now(), canAct: hasRole(operator.role, "admin") } };
}
