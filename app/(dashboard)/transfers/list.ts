import { Smartphone } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import { MOBILE_TRANSFER_STATUSES, SINPE_REF_LENGTH } from "@/lib/payments/values";
import type { TransferRow } from "./rows";

// The SINPE Móvil transfers list: by status, created date, reference and sender.
export const transfersList = defineList<TransferRow>()({
  name: "transfers",
  words: "transfersList",
  filters: [
    statusFilter(MOBILE_TRANSFER_STATUSES, (status) => `transfer.status.${status}`),
    { kind: "range" },
    // Kept as typed (even at the wrong length) so the page can say what is wrong with it instead of dropping it.
    { kind: "text", key: "reference", code: true },
    { kind: "text", key: "senderId", code: true },
  ],
  // The detail page is addressed by the reference: the one number the sender's bank receipt shows.
  rowHref: (row) => `/transfers/${encodeURIComponent(row.reference)}`,
  skeletonColumns: 6,
  nav: { icon: Smartphone, order: 50 },
});

/** Every SINPE reference has 25 characters: any other can only match nothing, so it is refused before a request. */
export const isSinpeReference = (text: string) => text.length === SINPE_REF_LENGTH;
