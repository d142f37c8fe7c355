import { listPage } from "@/app/(dashboard)/list-page";
import { CheckoutSessionsTable } from "./columns";
import { checkoutSessionsSource } from "./source";

// GET /checkout-sessions — the checkout sessions this app recorded from the service's webhooks, all state in the URL.
export default listPage(checkoutSessionsSource, CheckoutSessionsTable);
