/** See request-path.mjs. */
export declare function malformedPath(url: string | undefined): boolean;
