import { listPage } from "@/app/(dashboard)/list-page";
import { AccountsTable } from "./columns";
import { marketplaceSource } from "./source";

// GET /marketplace — sellers' connected accounts, read-only, paged by the service's cursors, all state in the URL.
export default listPage(marketplaceSource, AccountsTable);
