import type { SearchParams } from "nuqs/server";
import { MAX_MATCH_TRANSFERS } from "@/lib/reconciliation/decision-errors";
import { reconcileHref } from "../../href";

// The transfer page's URL state for matching by hand: ?find= (the payment search), ?intent= (the payment chosen for a
// set), ?add= (the other transfers in the set, comma-separated) and ?q= (the search for them). Parsed once here.

export const MAX_SET = MAX_MATCH_TRANSFERS;
export type SetParams = { find: string; intent: string | null; add: string[]; q: string };

const text = (value: unknown, max = 100) => (typeof value === "string" ? value.trim().slice(0, max) : "");
// A character PostgreSQL refuses (NUL) or any control character makes a value useless: ignored.
const clean = (value: string) => (/[\u0000-\u001f]/.test(value) ? "" : value);

export function parseSetParams(query: SearchParams, from: string): SetParams {
  const intent = clean(text(query.intent));
  const add = clean(text(query.add, 400))
    .split(",")
    .map((ref) => ref.trim())
    .filter((ref, index, all) => /^[0-9A-Za-z]{1,40}$/.test(ref) && ref !== from && all.indexOf(ref) === index)
    .slice(0, MAX_SET - 1);
  return { find: clean(text(query.find)), intent: intent || null, add, q: clean(text(query.q)) };
}

export function setHref(from: string, params: SetParams): string {
  const search = new URLSearchParams();
  if (params.find) search.set("find", params.find);
  if (params.intent) search.set("intent", params.intent);
  if (params.intent && params.add.length) search.set("add", params.add.join(","));
  if (params.intent && params.q) search.set("q", params.q);
  const qs = search.toString();
  return `${reconcileHref(from)}${qs ? `?${qs}` : ""}`;
}
