import { periodParamsSchema, type PeriodParams } from "@/lib/reconciliation/periods";

// The close page's URL: ?kind=day|week|month&date=YYYY-MM-DD&currency=CRC. A missing field takes its default (today,
// a day, colones); a field given but wrong is named, never silently replaced, so a shared link cannot show another period.

export type CloseSearchParams = { ok: true; params: PeriodParams } | { ok: false; fields: (keyof PeriodParams)[] };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseCloseSearchParams(query: Record<string, string | string[] | undefined>, today: string): CloseSearchParams {
  const parsed = periodParamsSchema.safeParse({ kind: first(query.kind) ?? "day", date: first(query.date) ?? today, currency: first(query.currency) ?? "CRC" });
  if (parsed.success) return { ok: true, params: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((i) => i.path[0] as keyof PeriodParams))] };
}

/** The page's own URL for a period (and the CSV's, under /export). */
export function closeHref(params: PeriodParams, path = "/reconciliation/close"): string {
  return `${path}?${new URLSearchParams({ kind: params.kind, date: params.date, currency: params.currency })}`;
}
