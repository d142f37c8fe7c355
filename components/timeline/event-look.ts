import { Activity, AlertTriangle, ArrowDownLeft, CheckCircle2, Clock, RefreshCcw, ShoppingCart, XCircle } from "lucide-react";
import type { ComponentType } from "react";
import type { Tone } from "@/components/detail/status-badge";
import type { EventStatus } from "@/lib/webhooks/event-status";

export type EventLook = { icon: ComponentType<{ className?: string }>; tone: string };

/**
 * How each event type looks wherever events are listed (timelines, the events console, the Overview). Optional per
 * type: a type the receiver handles but that has no look here wears NAMED, not the warning of an unknown one.
 */
export const LOOK: Record<string, EventLook> = {
  "payment-intent.succeeded": { icon: CheckCircle2, tone: "bg-emerald-100 text-emerald-700" },
  "payment-intent.deferred": { icon: Clock, tone: "bg-amber-100 text-amber-700" },
  "payment-intent.failed": { icon: XCircle, tone: "bg-red-100 text-red-700" },
  "subscription.renewal.succeeded": { icon: RefreshCcw, tone: "bg-emerald-100 text-emerald-700" },
  "subscription.renewal.failed": { icon: RefreshCcw, tone: "bg-red-100 text-red-700" },
  "checkout-session.succeeded": { icon: ShoppingCart, tone: "bg-emerald-100 text-emerald-700" },
  "mobile-transfer.received": { icon: ArrowDownLeft, tone: "bg-indigo-100 text-indigo-700" },
};

/** A type with a name but no look of its own. */
export const NAMED: EventLook = { icon: Activity, tone: "bg-sky-100 text-sky-700" };
/** An unrecognized type, or none: someone should look. */
export const FALLBACK: EventLook = { icon: AlertTriangle, tone: "bg-slate-100 text-slate-600" };

/** The type's look; `named` says whether the catalogs name it (eventTypeName), for a type without a look here. */
export const eventLookOf = (type: string | null, named = false): EventLook => (type && Object.hasOwn(LOOK, type) ? LOOK[type]! : named ? NAMED : FALLBACK);

// Processed is the normal case; the rest need someone's attention and must stand out, here and in the events console.
export const EVENT_STATUS_TONES = {
  processed: "success",
  unrecognized: "warning",
  invalid: "danger",
  failed: "danger",
} as const satisfies Record<EventStatus, Tone>;
