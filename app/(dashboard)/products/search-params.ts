import { createLoader, type inferParserType } from "nuqs/server";
import { listSearchParams } from "@/lib/list-params";

// The products list's URL state. The service filters products by created date only.
export const productsSearchParams = listSearchParams;

export const PRODUCTS_FILTER_KEYS = ["from", "to"] as const;

export type ProductsSearchParams = inferParserType<typeof productsSearchParams>;

export const loadProductsSearchParams = createLoader(productsSearchParams);
