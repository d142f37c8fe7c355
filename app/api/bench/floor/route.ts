// POST /api/bench/floor — reads the body and answers 200: the framework's own ceiling, for scripts/bench/webhooks.ts.
import { benchFloorEnabled } from "@/lib/env";

// Off unless BENCH_FLOOR_ROUTE=1 (only the benchmark sets it): in every other deployment this path is a 404.
export async function POST(request: Request) {
  if (!benchFloorEnabled()) return new Response(null, { status: 404 });
  await request.text();
  return Response.json({ ok: true });
}
