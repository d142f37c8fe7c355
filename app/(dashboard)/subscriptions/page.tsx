import { listPage } from "@/app/(dashboard)/list-page";
import { SubscriptionsTable } from "./columns";
import { subscriptionsSource } from "./source";

// GET /subscriptions — recurring charges and their state, paged by the service's cursors, all state in the URL.
export default listPage(subscriptionsSource, SubscriptionsTable);
