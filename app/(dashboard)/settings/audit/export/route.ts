// GET /settings/audit/export — the filtered audit log as CSV (admins only), through the export every list uses
import type { NextRequest } from "next/server";
import { requireOperator } from "@/lib/auth/require-operator";
import { answeringDatabaseOutage } from "@/lib/database/http";
import { respondWithExport } from "@/lib/export/route";
import { auditSource } from "../source";

export const dynamic = "force-dynamic";

export const GET = answeringDatabaseOutage(async (request: NextRequest) => {
  // Who did what is an admin's to take away, as it is an admin's to read (the page's role, not a list's viewer). The log
  // is this app's own record: the Payment Service is never called.
  const operator = await requireOperator("admin");
  return respondWithExport(request, operator, { name: "audit", list: auditSource.export });
});
