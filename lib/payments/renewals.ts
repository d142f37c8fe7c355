import "server-only";
import type { PaymentClient } from "./client";
import { parseInput, withoutEmpty } from "./input";
import { buildQuery, pageFromRenewalMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { idInputSchema, renewalFiltersSchema, renewalListSchema, renewalSchema, type Renewal, type RenewalFilters } from "./schemas";

export type ListRenewalsParams = ListParams & RenewalFilters;

/** Renewals are the service's invoices (/v1/invoices); their list meta names its cursors startingAfter/endingBefore. */
export async function listRenewals(client: PaymentClient, params: ListRenewalsParams = {}): Promise<Page<Renewal>> {
  const { subscriptionId, customerId, status, ...list } = params;
  const filters = parseInput(renewalFiltersSchema, withoutEmpty({ subscriptionId, customerId, status }), "renewal filters");
  const { data, meta } = await client.get(paths.renewals, renewalListSchema, buildQuery({ ...list, filters }));
  return pageFromRenewalMeta(data, meta);
}

export async function getRenewal(client: PaymentClient, id: string): Promise<Renewal> {
  return client.get(paths.renewal(parseInput(idInputSchema, id, "renewal id")), renewalSchema);
}
