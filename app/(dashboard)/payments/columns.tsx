"use client";
import { CreditCard, Smartphone } from "lucide-react";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { createdColumn, amountColumn } from "@/components/data-table/common-columns";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { StatusBadge } from "@/components/detail/status-badge";
import { createListTable } from "@/app/(dashboard)/list-table";
import { paymentsList } from "./list";
import type { PaymentMethodKind, PaymentRow } from "./rows";
import { PAYMENT_STATUS_TONES } from "./status";
import { MISSING } from "@/components/ui/missing";

const column = dataTableColumnHelper<PaymentRow>();

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

/** The Payments table's columns, in the operator's language, zone and number format. */
export function usePaymentColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<PaymentRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    return column.columns([
      createdColumn<PaymentRow>({ label: label("created"), locale, timeZone }),
      amountColumn<PaymentRow>({ label: label("amount"), locale }),
      column.accessor("status", {
        header: label("status"),
        meta: { label: label("status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} tones={PAYMENT_STATUS_TONES} label={(status) => t(`paymentStatus.${status}`)} />,
      }),
      column.display({
        id: "customer",
        header: label("customer"),
        meta: { label: label("customer") },
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
      column.accessor("description", {
        header: label("description"),
        meta: { label: label("description") },
        cell: ({ row }) => (
          row.original.description ? (
            <div title={row.original.description} className="max-w-44 truncate">
              {row.original.description}
            </div>
          ) : (
            MISSING
          )
        ),
      }),
      column.accessor("method", {
        header: label("method"),
        meta: { label: label("method") },
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
        cell: ({ row }) => (
          <div title={row.original.id} className="max-w-36 truncate font-mono text-xs text-slate-500">
            {row.original.id}
          </div>
        ),
      }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  created: "payments.columns.created",
  amount: "payments.columns.amount",
  status: "payments.columns.status",
  customer: "payments.columns.customer",
  description: "payments.columns.description",
  method: "payments.columns.method",
  id: "payments.columns.id",
} as const;

/** The Payments table: its columns, and the method icons the rows point at. */
export const PaymentsTable = createListTable(paymentsList, usePaymentColumns, PaymentMethodIcons);
