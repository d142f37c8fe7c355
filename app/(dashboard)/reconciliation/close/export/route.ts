// GET /reconciliation/close/export — the period's pairs as CSV for the accountant (any operator who may see the page)
import type { NextRequest } from "next/server";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { answeringDatabaseOutage } from "@/lib/database/http";
import { env } from "@/lib/env";
import { exportResponse } from "@/lib/export/response";
import { exportTranslator } from "@/lib/export/translator";
import { getLocale } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { getPaymentClient } from "@/lib/payments";
import { localDay } from "@/lib/local-days";
import { periodPairsExport } from "../pairs-export";

export const dynamic = "force-dynamic";

export const GET = answeringDatabaseOutage(async (request: NextRequest) => {
  const operator = await requireOperator("viewer");
  const [mode, locale] = await Promise.all([getMode(), getLocale()]);
  const timeZone = env().DEFAULT_TIME_ZONE;
  const q = request.nextUrl.searchParams;
  return exportResponse({
    name: `reconciliation-close_${q.get("kind") ?? "day"}_${q.get("date") ?? localDay(new Date(), timeZone)}_${(q.get("currency") ?? "CRC").toUpperCase()}`.replace(/[^A-Za-z0-9_-]/g, ""),
    list: periodPairsExport(localDay(new Date(), timeZone)),
    query: q,
    // The pairs are this app's own records: the Payment Service is never called.
    context: { mode, timeZone, client: () => getPaymentClient(mode, "bulk"), db: getDb },
    t: exportTranslator(locale),
    signal: request.signal,
    operator: { id: operator.id, email: operator.email },
    subject: "reconciliation-close",
  });
});
