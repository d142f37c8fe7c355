/** The decision page of a transfer (the transfers list and detail link here: kept apart from the list's declaration). */
export const reconcileHref = (ref: string) => `/reconciliation/transfers/${encodeURIComponent(ref)}`;
