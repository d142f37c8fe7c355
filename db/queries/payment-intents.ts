import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { TERMINAL_RANK } from "@/lib/webhooks/status-rank";
import type { Db } from "../index";
import { paymentIntents, paymentIntents as pi } from "../schema";
import { excluded, of } from "../sql-names";

const TERMINAL = sql.raw(String(TERMINAL_RANK));

/**
 * Whether the incoming row's status replaces the stored one (`row` names the stored row): the one ordering rule of the
 * intents' two writers, the webhook projection (lib/webhooks/project-intent.ts) and the sync (./sync.ts), so either can
 * arrive first and the row ends the same. A non-terminal status gives way to a newer one or to any terminal one; a
 * terminal one only to a higher terminal one (succeeded → refunded).
 */
export function intentStatusApplies(row: string): SQL {
  const rank = of(row, pi.statusRank);
  const at = of(row, pi.lastEventAt);
  return sql`((${rank} < ${TERMINAL} and (${excluded(pi.statusRank)} >= ${TERMINAL} or ${excluded(pi.lastEventAt)} >= ${at}))
    or (${rank} >= ${TERMINAL} and ${excluded(pi.statusRank)} > ${rank}))`;
}

/**
 * The status's time: the applied one's; when both say the same status, the earlier of the two for a final status and the
 * later for one that can be entered again (either way order-independent). A final status is reached once: whatever else
 * reports it later (a sync reading the record after a partial refund moved its updatedAt, a webhook sent late) only
 * tells that it still holds, so the status's time never moves forward. An open status such as requires_payment_method
 * is entered again by each failed attempt, so the latest report is the one the figures count.
 */
export function intentLastEventAt(row: string, apply: SQL): SQL {
  const at = of(row, pi.lastEventAt);
  return sql`case when ${apply} then ${excluded(pi.lastEventAt)}
    when ${excluded(pi.status)} = ${of(row, pi.status)} then (case when ${of(row, pi.statusRank)} >= ${TERMINAL}
      then least(${excluded(pi.lastEventAt)}, ${at}) else greatest(${excluded(pi.lastEventAt)}, ${at}) end) else ${at} end`;
}

/**
 * The last payment error, from either writer: the failure event gives code, type, message and paymentMethodType, the
 * API's record code, type, message, reason and declineCode. Kept side by side (a JSON merge); where both name a field,
 * the write whose status applies wins (a newer attempt's error replaces an older one's), so either order ends alike.
 * A write without an error keeps the stored one: the failed renewal still shows why its attempt failed.
 */
export function intentLastError(row: string, apply: SQL): SQL {
  const stored = of(row, pi.lastError);
  const incoming = excluded(pi.lastError);
  return sql`case when ${apply} then coalesce(${stored} || ${incoming}, ${incoming}, ${stored})
    else coalesce(${incoming} || ${stored}, ${stored}, ${incoming}) end`;
}

/**
 * What the webhook events made of one intent: the API is the source of truth for its fields, but only this read model
 * knows that a failure arrived after a success (`conflict`), which the service itself never reports.
 */
export async function getIntentReadModel(db: Db, { mode, id }: { mode: Mode; id: string }) {
  const [row] = await db
    .select({ status: paymentIntents.status, conflict: paymentIntents.conflict, lastEventAt: paymentIntents.lastEventAt })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.mode, mode), eq(paymentIntents.id, id)))
    .limit(1);
  return row ?? null;
}
