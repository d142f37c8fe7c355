import { listPage } from "@/app/(dashboard)/list-page";
import { ShippingRatesTable } from "./columns";
import { shippingRatesSource } from "./source";

// GET /shipping-rates — the account's shipping rates, paged by the service's cursors, all state in the URL.
export default listPage(shippingRatesSource, ShippingRatesTable);
