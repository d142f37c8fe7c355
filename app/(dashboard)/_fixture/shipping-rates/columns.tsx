"use client";
import { amountColumn, createdColumn } from "@/components/data-table/common-columns";
import { createListTable } from "@/app/(dashboard)/list-table";
import { shippingRatesList } from "./list";
import type { ShippingRateRow } from "./rows";

/** The fixture's table: its columns, named in its words (<words>.columns.<id>). */
export const ShippingRatesTable = createListTable(shippingRatesList, ({ column, head, label, locale, timeZone }) => [
  column.accessor("zone", { ...head("name") }),
  amountColumn<ShippingRateRow>({ label: label("active"), locale }),
  createdColumn<ShippingRateRow>({ label: label("created"), locale, timeZone }),
]);
