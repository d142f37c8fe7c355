import "server-only";
import { checkoutSessionsSource } from "./checkout-sessions/source";
import { customersSource } from "./customers/source";
import { eventsSource } from "./events/source";
import { failedRenewalsSource } from "./renewals/failed/source";
import { marketplaceSource } from "./marketplace/source";
import { paymentsSource } from "./payments/source";
import { productsSource } from "./products/source";
import { reconciliationSource } from "./reconciliation/source";
import { renewalsSource } from "./renewals/source";
import { shippingRatesSource } from "./shipping-rates/source";
import { subscriptionsSource } from "./subscriptions/source";
import { transfersSource } from "./transfers/source";
import type { ListDeclaration } from "./list-declaration";
import type { ListExport } from "@/lib/export/define";

// Every list, by its declaration: the sidebar shows each, the export route answers for each by name, and only their
// tables' column choices are ever stored. A new list is its folder and one line here.

export type RegisteredList = { list: Pick<ListDeclaration, "name" | "path" | "tableId" | "nav" | "filterKeys" | "filters" | "words">; export: ListExport };

export const LISTS: readonly RegisteredList[] = [
  paymentsSource,
  checkoutSessionsSource,
  customersSource,
  subscriptionsSource,
  renewalsSource,
  failedRenewalsSource,
  transfersSource,
  reconciliationSource,
  marketplaceSource,
  productsSource,
  shippingRatesSource,
  eventsSource,
];

export const findList = (name: string, lists: readonly RegisteredList[] = LISTS) => lists.find(({ list }) => list.name === name);

export const listTableIds = (lists: readonly RegisteredList[] = LISTS) => lists.map(({ list }) => list.tableId);
