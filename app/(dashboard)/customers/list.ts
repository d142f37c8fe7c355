import { Users } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { CustomerRow } from "./rows";

/** The longest text the name/e-mail/phone filter takes: part of a name, an e-mail or a phone needs no more. */
export const CUSTOMER_FILTER_MAX = 100;

// The customers list: the account's customers with what they spent, from the service, which filters them by created
// date only. A name, e-mail or phone (`q`) is looked for in the sync's copy instead (source.ts), and the page says so.
export const customersList = defineList<CustomerRow>()({
  name: "customers",
  words: "customersList",
  filters: [{ kind: "text", key: "q" }, { kind: "range" }],
  rowHref: (row) => `/customers/${encodeURIComponent(row.id)}`,
  skeletonColumns: 7,
  nav: { icon: Users, order: 20 },
});
