import { createLoader, parseAsString } from "nuqs/server";

// The search page's URL state: the query as typed. Validation is the classifier's (lib/search/classify.ts), so that a
// bad query is explained on the page instead of being dropped.
export const searchSearchParams = { q: parseAsString.withDefault("") };

export const loadSearchSearchParams = createLoader(searchSearchParams);
