import { createLoader, type inferParserType } from "nuqs/server";
import { listSearchParams } from "@/lib/list-params";

// The customers list's URL state. The service filters customers by created date only (no status, no text).
export const customersSearchParams = listSearchParams;

export const CUSTOMERS_FILTER_KEYS = ["from", "to"] as const;

export type CustomersSearchParams = inferParserType<typeof customersSearchParams>;

export const loadCustomersSearchParams = createLoader(customersSearchParams);
