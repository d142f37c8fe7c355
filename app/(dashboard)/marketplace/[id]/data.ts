import "server-only";
import { getDb } from "@/db";
import { getCopiedAccountStatus, getSellerRecord, type SellerRecord } from "@/db/queries/connected-accounts";
import { freshAt, listSyncStatus, type SyncStatus } from "@/db/queries/sync-status";
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
  /** What the list shows when it differs from the service's answer: the copy's status and how fresh the copy is. */
  listed: ListedStatus | null;
};

export type ListedStatus = { status: string; copiedAt: Date };

/**
 * The list reads the sync's copy once it is complete; until the next pass re-reads the account, its status there can
 * lag the service's. Null when they agree, when the account is not copied yet, or when the list still reads the service.
 */
export function listedStatus(live: string, copied: string | null, accounts: SyncStatus | undefined): ListedStatus | null {
  const copiedAt = accounts ? freshAt([accounts]) : null;
  return copied !== null && copied !== live && copiedAt ? { status: copied, copiedAt } : null;
}

/** The seller from the service and this app's record of it, read at once. No such account → the route's 404. */
export async function loadSeller(id: string): Promise<Settled<SellerDetail>> {
  const mode = await getMode();
  const {
    operator,
    value: [account, record, copied, sync],
  } = await readAsOperator("viewer", () =>
    Promise.all([
      settleSubject(() => getConnectedAccount(getPaymentClient(mode), id)),
      getSellerRecord(getDb(), { mode, accountId: id }),
      getCopiedAccountStatus(getDb(), { mode, accountId: id }),
      listSyncStatus(getDb(), { mode }),
    ]),
  );
  if (!account.ok) return account;
  const serviceNow = getPaymentClient(mode).serviceNow?.() ?? new Date();
  return { ok: true, value: { account: account.value, record, serviceNow, serviceSkewMs: serviceNow.getTime() - Date.now(), canAct: hasRole(operator.role, "admin"), listed: listedStatus(account.value.status, copied, sync.find((s) => s.resource === "accounts")) } };
}
