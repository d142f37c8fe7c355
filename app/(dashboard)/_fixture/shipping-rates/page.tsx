import { listPage } from "@/app/(dashboard)/list-page";
import { ShippingRatesTable } from "./columns";
import { shippingRatesSource } from "./source";

// GET /shipping-rates, were this folder at app/(dashboard)/shipping-rates (in _fixture it is no route).
export default listPage(shippingRatesSource, ShippingRatesTable);
