import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { eventSubjects, webhookEvents } from "../schema";

const RENEWAL_EVENTS = ["subscription.renewal.succeeded", "subscription.renewal.failed"];
const data = sql`(${webhookEvents.payload}->'data')`;

/**
 * The renewal an intent charged, as the renewal events told this app: each names its paymentIntentId, and the receiver
 * files it under that intent, so this is one probe of event_subjects_timeline_idx and no call to the service. The
 * latest event wins. (renewal_failures holds nothing more: its rows come from these same events.)
 */
export async function getRenewalEventForIntent(db: Db, { mode, paymentIntentId }: { mode: Mode; paymentIntentId: string }) {
  const [row] = await db
    .select({
      type: webhookEvents.type,
      subscriptionId: sql<string | null>`${data}->>'subscriptionId'`,
      // A failure names the renewal's period invoicePeriod*; its period* is the subscription's current one.
      periodStart: sql<string | null>`coalesce(${data}->>'invoicePeriodStart', ${data}->>'periodStart')`,
      periodEnd: sql<string | null>`coalesce(${data}->>'invoicePeriodEnd', ${data}->>'periodEnd')`,
      attemptCount: sql<string | null>`${data}->>'attemptCount'`,
    })
    .from(eventSubjects)
    .innerJoin(webhookEvents, eq(webhookEvents.id, eventSubjects.eventId))
    .where(
      and(
        eq(eventSubjects.mode, mode),
        eq(eventSubjects.subjectType, "payment_intent"),
        eq(eventSubjects.subjectId, paymentIntentId),
        inArray(webhookEvents.type, RENEWAL_EVENTS),
        eq(webhookEvents.status, "processed"),
      ),
    )
    .orderBy(desc(eventSubjects.occurredAt), desc(eventSubjects.eventId))
    .limit(1);
  return row?.subscriptionId ? row : null;
}

export type RenewalEvent = NonNullable<Awaited<ReturnType<typeof getRenewalEventForIntent>>>;
