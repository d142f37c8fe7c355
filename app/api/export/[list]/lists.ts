import "server-only";
import { customersExport } from "@/app/(dashboard)/customers/export";
import { eventsExport } from "@/app/(dashboard)/events/export";
import { accountsExport } from "@/app/(dashboard)/marketplace/export";
import { paymentsExport } from "@/app/(dashboard)/payments/export";
import { productsExport } from "@/app/(dashboard)/products/export";
import { renewalsExport } from "@/app/(dashboard)/renewals/export";
import { subscriptionsExport } from "@/app/(dashboard)/subscriptions/export";
import { transfersExport } from "@/app/(dashboard)/transfers/export";
import type { ListExport } from "@/lib/export/define";
import type { ExportListName } from "@/lib/export/names";

/** Every list that exports, by its route's name; the type fails to compile if one of EXPORT_LISTS is missing. */
export const LIST_EXPORTS: Record<ExportListName, ListExport> = {
  payments: paymentsExport,
  transfers: transfersExport,
  customers: customersExport,
  subscriptions: subscriptionsExport,
  renewals: renewalsExport,
  marketplace: accountsExport,
  products: productsExport,
  events: eventsExport,
};
