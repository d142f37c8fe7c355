import { listPage } from "@/app/(dashboard)/list-page";
import { EventsTable } from "./columns";
import { eventsSource } from "./source";

// GET /events — every webhook delivery stored in the current mode, newest first, with its outcome; state in the URL.
export default listPage(eventsSource, EventsTable);
