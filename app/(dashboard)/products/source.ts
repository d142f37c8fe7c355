import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listProducts } from "@/lib/payments";
import { productsList } from "./list";
import { toProductRow } from "./rows";

// Products from the service, and as CSV.
export const productsSource = defineListSource(productsList, {
  fetchPage: ({ client, timeZone }, state) => listProducts(client(), toListParams(state, timeZone)),
  toRow: toProductRow,
  exportColumns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.name"), (row) => row.name),
    c.text(t("exportCsv.columns.description"), (row) => row.description),
    c.number(t("exportCsv.columns.active"), (row) => row.active),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
