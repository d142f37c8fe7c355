import "server-only";
import { defineListSource, servicePage, type ListContext } from "@/app/(dashboard)/list-view";
import { countLocalCustomers, customerPages, listLocalCustomers, type LocalCustomer, type LocalCustomerFilters } from "@/db/queries/customers";
import { createdAtRange } from "@/lib/list-params";
import { listCustomers, type Customer } from "@/lib/payments";
import type { Page } from "@/lib/payments/page";
import { customerTextFilter } from "@/lib/search/customer-filter";
import { CUSTOMER_FILTER_MAX, customersList } from "./list";
import { toCustomerRow, toLocalCustomerRow, type CustomerRow } from "./rows";

type State = Awaited<ReturnType<typeof customersList.parse>>;
type Item = { from: "service"; customer: Customer } | { from: "copy"; customer: LocalCustomer };

const fromService = servicePage(listCustomers);

/**
 * Without a name, e-mail or phone, the service's own pages (it filters by created date only). With one, the sync's
 * copy, which can look for it, with the same created dates; cursors are then `<created>~<id>`. The page says which.
 */
async function fetchCustomers(context: ListContext, state: State): Promise<Page<Item>> {
  if (!state.q) {
    const page = await fromService(context, state);
    return { ...page, items: page.items.map((customer) => ({ from: "service", customer })) };
  }
  const { db, mode, timeZone, counting } = context;
  const created = createdAtRange(state.from, state.to, timeZone);
  const filters: LocalCustomerFilters = {
    mode,
    text: customerTextFilter(state.q),
    ...(created?.gte && { createdFrom: new Date(created.gte) }),
    ...(created?.lt && { createdBefore: new Date(created.lt) }),
  };
  const [page, total] = await Promise.all([listLocalCustomers(db(), filters, { limit: state.limit, ...customerPages.ask(state) }), counting ? countLocalCustomers(db(), filters) : undefined]);
  return {
    items: page.items.map((customer) => ({ from: "copy", customer })),
    ...customerPages.cursors(page),
    ...(total !== undefined && { total }),
  };
}

// Customers, and as CSV. What they spent is in USD whatever they paid in: the service sums it in its USD base amount.
export const customersSource = defineListSource(customersList, {
  check: (state) => (state.q && state.q.length > CUSTOMER_FILTER_MAX ? "q" : undefined),
  fetchPage: fetchCustomers,
  toRow: (item) => (item.from === "service" ? toCustomerRow(item.customer) : toLocalCustomerRow(item.customer)),
  exportColumns: (c, t) => [
    c.time("created", (row) => row.createdAt),
    c.fields("name", "email", "phone"),
    c.money("amountSpent", (row) => ({ amount: row.amountSpent, currency: "USD" })),
    c.fields("transactions"),
    // A row from the copy says so instead of an empty cell, which would read "never paid".
    c.time("lastTransaction", (row) => row.lastTransactionAt).map((column) => ({
      ...column,
      cell: (row: CustomerRow) => (row.lastTransactionAt === undefined ? t("customersList.notCopied") : column.cell(row)),
    })),
    c.fields("id"),
  ],
});
