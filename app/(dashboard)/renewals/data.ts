import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { toListParams } from "@/lib/list-params";
import { listRenewals } from "@/lib/payments";
import { toRenewalRow, type RenewalRow } from "./rows";
import type { RenewalsSearchParams } from "./search-params";

export function loadRenewals(state: RenewalsSearchParams): Promise<ListView<RenewalRow>> {
  return loadListView(
    "renewals",
    (client) =>
      listRenewals(client, {
        ...toListParams(state, env().DEFAULT_TIME_ZONE),
        status: state.status ?? undefined,
        subscriptionId: state.subscriptionId ?? undefined,
      }),
    toRenewalRow,
  );
}
