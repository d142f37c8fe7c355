// GET /api/export/[list] — the whole filtered list as CSV, paged from the API 100 at a time and streamed as it comes
// (at bulk priority: its calls queue behind every page's and every refund's, under the process's call ceiling)
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
import { findList } from "@/app/(dashboard)/lists";

export const dynamic = "force-dynamic";

export const GET = answeringDatabaseOutage(async (request: NextRequest, { params }: { params: Promise<{ list: string }> }) => {
  // Anyone who may see a list may take it away: the same role as the list pages.
  const operator = await requireOperator("viewer");
  const { list } = await params;
  const declared = findList(list);
  if (!declared) return Response.json({ error: "unknown_list" }, { status: 404 });
  const [mode, locale] = await Promise.all([getMode(), getLocale()]);
  return exportResponse({
    name: list,
    list: declared.export,
    query: request.nextUrl.searchParams,
    context: { mode, timeZone: env().DEFAULT_TIME_ZONE, client: () => getPaymentClient(mode, "bulk"), db: getDb },
    t: exportTranslator(locale),
    signal: request.signal,
    // One export at a time per operator, across every instance (export_leases).
    operator: { id: operator.id, email: operator.email },
  });
});
