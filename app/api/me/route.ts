// GET /api/me — the signed-in operator, their role and current mode.
import { requireOperator } from "@/lib/auth/require-operator";
import { answeringDatabaseOutage } from "@/lib/database/http";
import { getMode } from "@/lib/mode";

export const GET = answeringDatabaseOutage(async () => {
  const operator = await requireOperator("viewer");
  // Who is signed in: no cache (a shared one least of all) keeps a copy. The proxy says so too, for every API answer.
  return Response.json(
    { email: operator.email, name: operator.name, role: operator.role, mode: await getMode() },
    { headers: { "cache-control": "no-store" } },
  );
});
