import Link from "next/link";
import { listPage } from "@/app/(dashboard)/list-page";
import { RenewalsTable } from "./columns";
import { renewalsSource } from "./source";

// GET /renewals — every subscription period's renewal and its charge attempts, paged by the service's cursors.
export default listPage(renewalsSource, RenewalsTable, {
  actions: (t) => (
    <Link href="/renewals/failed" className="text-sm font-medium text-indigo-700 hover:underline">
      {t("failedRenewals.openFailed")}
    </Link>
  ),
});
