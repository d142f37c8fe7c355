// GET /api/me — the signed-in operator, their role and current mode.
import { requireOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";

export async function GET() {
  const operator = await requireOperator("viewer");
  return Response.json({ email: operator.email, name: operator.name, role: operator.role, mode: await getMode() });
}
