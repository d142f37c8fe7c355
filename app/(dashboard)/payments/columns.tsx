"use client";
import { CreditCard, Smartphone } from "lucide-react";
import { createdColumn, amountColumn, CodeCell } from "@/components/data-table/common-columns";
import { createListTable } from "@/app/(dashboard)/list-table";
import { paymentsList } from "./list";
import type { PaymentMethodKind, PaymentRow } from "./rows";
import { PAYMENT_STATUS_TONES } from "./status";
import { MISSING } from "@/components/ui/missing";

// Each method's icon is drawn once per table (PaymentMethodIcons) and every row points at it: a whole SVG in each row
// would add about 480 bytes a row to the page, and an icon component to render per row.
const METHOD_ICON_IDS: Record<PaymentMethodKind, string> = { card: "payment-method-card", mobile_transfer: "payment-method-mobile-transfer" };

/** The method icons the rows' <use> elements point at: render once beside the table. */
export function PaymentMethodIcons() {
  return (
    <svg aria-hidden className="absolute size-0 overflow-hidden">
      <symbol id={METHOD_ICON_IDS.card} viewBox="0 0 24 24">
        <CreditCard />
      </symbol>
      <symbol id={METHOD_ICON_IDS.mobile_transfer} viewBox="0 0 24 24">
        <Smartphone />
      </symbol>
    </svg>
  );
}

/** The Payments table: its columns, in the operator's language, zone and number format. */
export const PaymentsTable = createListTable(
  paymentsList,
  ({ column, head, text, status, label, t, locale, timeZone }) => [
    createdColumn<PaymentRow>({ label: label("created"), locale, timeZone }),
    amountColumn<PaymentRow>({ label: label("amount"), locale }),
    status(PAYMENT_STATUS_TONES),
    column.display({
      ...head("customer"),
      cell: ({ row }) => {
        const { customerName, customerEmail } = row.original;
        if (!customerName && !customerEmail) return <span className="text-slate-400">{t("payments.noCustomer")}</span>;
        return (
          <div className="max-w-48 leading-tight">
            <div className="truncate text-slate-900">{customerName ?? customerEmail}</div>
            {customerName && customerEmail && <div className="truncate text-xs text-slate-500">{customerEmail}</div>}
          </div>
        );
      },
    }),
    text("description", "max-w-44"),
    column.accessor("method", {
      ...head("method"),
      cell: ({ row }) => {
        const { method } = row.original;
        if (!method) return MISSING;
        return (
          <span className="inline-flex items-center gap-1.5">
            <svg aria-hidden className="size-4 text-slate-400">
              <use href={`#${METHOD_ICON_IDS[method]}`} />
            </svg>
            {t(`payments.method.${method}`)}
          </span>
        );
      },
    }),
    column.accessor("id", {
      header: label("id"),
      // Cut short on screen only: a copy still takes the whole id.
      meta: { label: label("id") },
      cell: ({ row }) => <CodeCell value={row.original.id} />,
    }),
  ],
  PaymentMethodIcons,
);

