// How an event type reads and looks wherever the app lists events (the console, its detail page, the Overview), on the
// server and in the browser: the one name per type from the catalogs, and the timelines' icon and colours.
export { eventTypeName } from "@/lib/webhooks/names";
export { eventLookOf as eventLook } from "@/components/timeline/event-look";
