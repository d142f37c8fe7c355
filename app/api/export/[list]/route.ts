// GET /api/export/[list] — the whole filtered list as CSV, paged from the API 100 at a time and streamed as it comes
// (at bulk priority: its calls queue behind every page's and every refund's, under the process's call ceiling)
import type { NextRequest } from "next/server";
import { requireOperator } from "@/lib/auth/require-operator";
import { answeringDatabaseOutage } from "@/lib/database/http";
import { respondWithExport } from "@/lib/export/route";
import { findList } from "@/app/(dashboard)/lists";

export const dynamic = "force-dynamic";

export const GET = answeringDatabaseOutage(async (request: NextRequest, { params }: { params: Promise<{ list: string }> }) => {
  // Anyone who may see a list may take it away: the same role as the list pages. One export at a time per operator,
  // across every instance (export_leases).
  const operator = await requireOperator("viewer");
  const { list } = await params;
  const declared = findList(list);
  if (!declared) return Response.json({ error: "unknown_list" }, { status: 404 });
  return respondWithExport(request, operator, { name: list, list: declared.export });
});
