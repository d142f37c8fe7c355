// What became of a stored delivery, declared once: the database enum (db/schema.ts), the receiver, the events console's
// filter and the status badges all read this list. No "server-only": the console's toolbar runs in the browser.

export const EVENT_STATUSES = ["processed", "invalid", "unrecognized", "failed"] as const;

export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Only these can change by running again: a processed event has done its work. */
export const REPROCESSABLE = ["invalid", "failed", "unrecognized"] as const satisfies readonly EventStatus[];
