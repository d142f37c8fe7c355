import { listPage } from "@/app/(dashboard)/list-page";
import { PaymentsTable } from "./columns";
import { paymentsSource } from "./source";

// GET /payments — the account's payment intents, paged by the Payment Service's cursors, all state in the URL.
export default listPage(paymentsSource, PaymentsTable);
