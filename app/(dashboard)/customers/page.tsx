import { listPage } from "@/app/(dashboard)/list-page";
import { CustomersTable } from "./columns";
import { customersSource } from "./source";

// GET /customers — the account's customers with what they spent, paged by the service's cursors, state in the URL.
export default listPage(customersSource, CustomersTable);
