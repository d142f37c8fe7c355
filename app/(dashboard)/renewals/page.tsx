import { listPage } from "@/app/(dashboard)/list-page";
import { RenewalsTable } from "./columns";
import { renewalsSource } from "./source";

// GET /renewals — every subscription period's renewal and its charge attempts, paged by the service's cursors.
export default listPage(renewalsSource, RenewalsTable);
