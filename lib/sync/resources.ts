// What the sync copies, per resource: where the service lists it, how its list meta pages, which of its states can
// still change (re-read on a schedule), and the pure transform from the service's record to the local row.
import type { z } from "zod";
import type { Mode } from "@/lib/env-schema";
import { paths } from "@/lib/payments/paths";
import {
  connectedAccountSchema,
  customerSchema,
  mobileTransferSchema,
  paymentIntentSchema,
  renewalSchema,
  subscriptionSchema,
} from "@/lib/payments/schemas";
import { SYNC_RESOURCES } from "@/db/schema";
import { accountRow, customerRow, intentRow, renewalRow, subscriptionRow, transferRow } from "./transforms";

export { SYNC_RESOURCES };
export type SyncResource = (typeof SYNC_RESOURCES)[number];
export type Envelope = "list" | "renewal" | "transfer";

export type ResourceDef = {
  resource: SyncResource;
  path: string;
  envelope: Envelope;
  schema: z.ZodType;
  toRow: (record: never, mode: Mode, syncedAt: string) => Record<string, unknown>;
  /**
   * Re-read on a schedule because a webhook may never tell us they changed: list filters per status, or "all" when the
   * service has no status filter for the resource (connected accounts; there are few).
   */
  changeable?: { statuses: readonly string[] } | "all";
  /**
   * Re-read on the same schedule, though final: the statuses a record reaches from a final one (a succeeded intent
   * refunded, in the app or elsewhere), listed by status among the records created in the last `days`. The open-status
   * lists above never return them, and the refund sends no webhook the app receives.
   */
  recent?: { statuses: readonly string[]; days: number };
  /**
   * Read again in full once a day (lib/sync/queue.ts): records any field of which may change (a customer's name or
   * phone, a subscription's status) that the service's list can filter neither by status nor by change, so neither
   * re-read above finds them. Reconciliation compares customers' phones and names; a full pass over an unchanged copy
   * writes nothing.
   */
  reread?: "daily";
};

// Intents not final; transfers pending; renewals open (or still drafts); accounts not active or deleted.
export const RESOURCES: Record<SyncResource, ResourceDef> = {
  payments: {
    resource: "payments",
    path: paths.paymentIntents,
    envelope: "list",
    schema: paymentIntentSchema,
    toRow: intentRow as ResourceDef["toRow"],
    changeable: { statuses: ["requires_confirmation", "requires_payment_method", "requires_action", "requires_capture", "processing"] },
    // A succeeded intent refunded in full becomes `refunded` (a partial refund leaves it succeeded): the one move a
    // final intent makes, and it takes the payment out of the Overview's succeeded figures. Listing the refunded ones
    // finds exactly those (a list of the succeeded ones could not show which left it), over the chart's 30 days and
    // one more, so that its first local day is whole in any zone: an older payment is in none of the figures.
    recent: { statuses: ["refunded"], days: 31 },
  },
  transfers: {
    resource: "transfers",
    path: paths.mobileTransfers,
    envelope: "transfer",
    schema: mobileTransferSchema,
    toRow: transferRow as ResourceDef["toRow"],
    changeable: { statuses: ["pending"] },
  },
  renewals: {
    resource: "renewals",
    path: paths.renewals,
    envelope: "renewal",
    schema: renewalSchema,
    toRow: renewalRow as ResourceDef["toRow"],
    changeable: { statuses: ["draft", "open"] },
  },
  subscriptions: { resource: "subscriptions", path: paths.subscriptions, envelope: "list", schema: subscriptionSchema, toRow: subscriptionRow as ResourceDef["toRow"], reread: "daily" },
  customers: { resource: "customers", path: paths.customers, envelope: "list", schema: customerSchema, toRow: customerRow as ResourceDef["toRow"], reread: "daily" },
  accounts: {
    resource: "accounts",
    path: paths.connectedAccounts,
    envelope: "list",
    schema: connectedAccountSchema,
    toRow: accountRow as ResourceDef["toRow"],
    changeable: "all",
  },
};

export function isSyncResource(value: string): value is SyncResource {
  return (SYNC_RESOURCES as readonly string[]).includes(value);
}
