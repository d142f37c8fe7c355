import { FALLBACK, LOOK, summaryKey } from "@/components/timeline/timeline";
import type { Messages } from "@/lib/i18n/messages/es";
import { EVENT_TYPES, type EventType } from "./search-params";

// Shared by the list and the detail, on the server and in the browser: how a type and a status read and look.

type TypeKey = keyof Messages["events"]["types"];

export const isKnownEventType = (type: string | null): type is EventType => (EVENT_TYPES as readonly (string | null)[]).includes(type);

/** The message key of a known type's readable name ("Pago exitoso"); an unknown one is shown as sent. */
export const eventTypeKey = (type: EventType) => `events.types.${summaryKey(type) as TypeKey}` as const;

/** The icon and colours the timelines use for the type, so an event looks the same everywhere. */
export const eventLook = (type: string | null) => (type && LOOK[type]) || FALLBACK;

