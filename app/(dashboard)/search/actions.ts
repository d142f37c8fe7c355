"use server";
// The search dialog's lookups. A read, not a write: nothing is stored or audited.
import { requireOperator } from "@/lib/auth/require-operator";
import { loadSearch } from "./data";
import type { SearchView } from "@/lib/search/types";

export async function searchObjectsAction(query: unknown): Promise<SearchView> {
  await requireOperator("viewer");
  return loadSearch(query);
}
