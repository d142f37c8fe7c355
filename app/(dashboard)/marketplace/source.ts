import "server-only";
import { defineListSource, servicePage, type ListContext } from "@/app/(dashboard)/list-view";
import { accountPages, countLocalAccounts, listLocalAccounts, type LocalAccountFilters } from "@/db/queries/connected-accounts";
import { createdAtRange } from "@/lib/list-params";
import { listConnectedAccounts } from "@/lib/payments";
import type { Page } from "@/lib/payments/page";
import { accountCopyComplete } from "./complete-copy";
import { marketplaceList } from "./list";
import { toAccountRow, type AccountItem } from "./rows";

type State = Awaited<ReturnType<typeof marketplaceList.parse>>;

const fromService = servicePage(listConnectedAccounts);

function toFilters(state: State, mode: LocalAccountFilters["mode"], timeZone: string): LocalAccountFilters {
  const created = createdAtRange(state.from, state.to, timeZone);
  return {
    mode,
    ...(state.status && { status: state.status }),
    ...(state.name && { name: state.name }),
    ...(state.flag === "stuck" && { stuck: true }),
    ...(created?.gte && { createdFrom: new Date(created.gte) }),
    ...(created?.lt && { createdBefore: new Date(created.lt) }),
  };
}

/**
 * The sellers from the sync's copy, which can filter by status and name and flag the stuck ones; cursors are
 * `<created>~<id>`. Until the sync has copied every account once, the service's own page (unfiltered: it filters by
 * date only), and the page says so.
 */
async function fetchAccounts(context: ListContext, state: State): Promise<Page<AccountItem>> {
  const { db, mode, timeZone, counting } = context;
  if (!(await accountCopyComplete(db(), mode))) return fromService(context, state);
  const filters = toFilters(state, mode, timeZone);
  const [page, total] = await Promise.all([listLocalAccounts(db(), filters, { limit: state.limit, ...accountPages.ask(state) }), counting ? countLocalAccounts(db(), filters) : undefined]);
  return {
    items: page.items,
    ...accountPages.cursors(page),
    ...(total !== undefined && { total }),
  };
}

// Connected accounts, and as CSV.
export const marketplaceSource = defineListSource(marketplaceList, {
  fetchPage: fetchAccounts,
  toRow: (item) => toAccountRow(item),
  exportColumns: (c) => [c.time("created", (row) => row.createdAt), c.fields("businessName", "status", "feePercent", "id")],
});
