import "server-only";
import { z } from "zod";
import { getFormatting } from "@/lib/i18n/formatting";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getPaymentClient } from "@/lib/payments";
import { classifyQuery, QUERY_LIMITS } from "@/lib/search/classify";
import { runSearch } from "@/lib/search/run";
import type { SearchView } from "@/lib/search/types";
import { describeInvalid, describeOutcome } from "./view";

// Anything longer is refused before it is even trimmed: no query needs it, and an action's body could be large.
const rawQuerySchema = z.string().max(QUERY_LIMITS.max * 4);

/**
 * One search, for the page and the dialog's action alike: the operator's role, then the query classified, then every
 * lookup it calls for in the operator's current mode, told in their language.
 */
export async function loadSearch(raw: unknown): Promise<SearchView> {
  await requireOperator("viewer");
  const formatting = await getFormatting();
  const parsed = rawQuerySchema.safeParse(raw ?? "");
  const query = parsed.success ? classifyQuery(parsed.data) : ({ kind: "invalid", text: "", reason: "too_long" } as const);
  if (query.kind === "invalid") return describeInvalid(query, formatting);
  const mode = await getMode();
  const outcome = await runSearch(query, { db: getDb(), mode, client: () => getPaymentClient(mode) });
  return describeOutcome(query, outcome, formatting);
}
