// GET /settings/audit/export — the filtered audit log as CSV (admins only), through the export every list uses
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
import { auditSource } from "../source";

export const dynamic = "force-dynamic";

export const GET = answeringDatabaseOutage(async (request: NextRequest) => {
  // Who did what is an admin's to take away, as it is an admin's to read (the page's role, not a list's viewer).
  const operator = await requireOperator("admin");
  const [mode, locale] = await Promise.all([getMode(), getLocale()]);
  return exportResponse({
    name: "audit",
    list: auditSource.export,
    query: request.nextUrl.searchParams,
    // The log is this app's own record: the Payment Service is never called.
    context: { mode, timeZone: env().DEFAULT_TIME_ZONE, client: () => getPaymentClient(mode, "bulk"), db: getDb },
    t: exportTranslator(locale),
    signal: request.signal,
    // Its own list.export row, like every export (lib/export/response.ts), and one export at a time per operator.
    operator: { id: operator.id, email: operator.email },
  });
});
