import { listPage } from "@/app/(dashboard)/list-page";
import { ProductsTable } from "./columns";
import { productsSource } from "./source";

// GET /products — the account's product catalogue, paged by the service's cursors, all state in the URL.
export default listPage(productsSource, ProductsTable);
