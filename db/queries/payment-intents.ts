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

/** The status's time: the applied one's, or the later of the two when both say the same status (order-independent). */
export function intentLastEventAt(row: string, apply: SQL): SQL {
  const at = of(row, pi.lastEventAt);
  return sql`case when ${apply} then ${excluded(pi.lastEventAt)}
    when ${excluded(pi.status)} = ${of(row, pi.status)} then greatest(${excluded(pi.lastEventAt)}, ${at}) else ${at} end`;
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
