// GET /reconciliation/close/export — the period's pairs as CSV for the accountant (any operator who may see the page)
import type { NextRequest } from "next/server";
import { requireOperator } from "@/lib/auth/require-operator";
import { answeringDatabaseOutage } from "@/lib/database/http";
import { env } from "@/lib/env";
import { respondWithExport } from "@/lib/export/route";
import { localDay } from "@/lib/local-days";
import { periodPairsExport } from "../pairs-export";

export const dynamic = "force-dynamic";

export const GET = answeringDatabaseOutage(async (request: NextRequest) => {
  const operator = await requireOperator("viewer");
  const q = request.nextUrl.searchParams;
  const today = localDay(new Date(), env().DEFAULT_TIME_ZONE);
  // The pairs are this app's own records: the Payment Service is never called.
  return respondWithExport(request, operator, {
    name: `reconciliation-close_${q.get("kind") ?? "day"}_${q.get("date") ?? today}_${(q.get("currency") ?? "CRC").toUpperCase()}`.replace(/[^A-Za-z0-9_-]/g, ""),
    list: periodPairsExport(today),
    subject: "reconciliation-close",
  });
});
