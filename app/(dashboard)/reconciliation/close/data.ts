import "server-only";
import { getDb } from "@/db";
import { listClosures, listLaterChanges, overlappingClosures, periodFigures } from "@/db/queries/reconciliation-close";
import { readAsOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import type { Mode } from "@/lib/env-schema";
import { addUp, periodOf, type PeriodParams } from "@/lib/reconciliation/periods";

/** Everything the close page shows for one period: its figures now, its closes, and what changed after the standing one. */
export async function loadPeriodClose(mode: Mode, params: PeriodParams, timeZone: string) {
  const period = periodOf(params.kind, params.date, timeZone);
  const scope = { mode, currency: params.currency, start: period.start, end: period.end };
  const db = getDb();
  const { operator, value } = await readAsOperator("viewer", async () => {
    const [figures, closures, covering] = await Promise.all([
      periodFigures(db, scope),
      listClosures(db, { mode, currency: params.currency, kind: params.kind, fromDay: period.from }),
      overlappingClosures(db, { ...scope, kind: params.kind }),
    ]);
    const standing = closures[0] && !closures[0].reopenedAt ? closures[0] : null;
    const laterChanges = standing ? await listLaterChanges(db, mode, standing.id) : [];
    return { figures, closures, covering, standing, laterChanges };
  });
  return {
    ...value,
    period,
    total: addUp(value.figures),
    ended: period.end.getTime() <= Date.now(),
    canClose: hasRole(operator.role, "admin"),
  };
}

export type PeriodClose = Awaited<ReturnType<typeof loadPeriodClose>>;
