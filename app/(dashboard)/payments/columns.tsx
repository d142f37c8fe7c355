"use client";
import { CreditCard, Smartphone } from "lucide-react";
import { createdColumn, amountColumn, CodeCell, LinesCell } from "@/components/data-table/common-columns";
import { createListTable } from "@/app/(dashboard)/list-table";
import { paymentsList } from "./list";
import type { PaymentMethodKind, PaymentRow } from "./rows";
import { PAYMENT_STATUS_TONES } from "./status";
import { MISSING } from "@/components/ui/missing";
import { SPRITE_URL, spriteId } from "@/components/ui/sprite";

// Each method's icon is in the app's sprite (GET /icons.svg, components/ui/sprite-icons.ts) and every row points at it:
// a whole SVG in each row would add about 480 bytes a row to the page, and an icon component to render per row.
const METHOD_ICON_HREFS: Record<PaymentMethodKind, string> = {
  card: `${SPRITE_URL}#${spriteId(CreditCard)}`,
  mobile_transfer: `${SPRITE_URL}#${spriteId(Smartphone)}`,
};

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
        return <LinesCell first={customerName ?? customerEmail} second={customerName && customerEmail} className="max-w-48" />;
      },
    }),
    text("description", "max-w-44"),
    // Left out at first so the id fits a 1440 px screen with the rest (the detail names the method; the column menu
    // shows it here).
    column.accessor("method", {
      ...head("method", undefined, { hiddenByDefault: true }),
      cell: ({ row }) => {
        const { method } = row.original;
        if (!method) return MISSING;
        return (
          <span className="icon-label">
            <svg aria-hidden>
              <use href={METHOD_ICON_HREFS[method]} />
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
);

