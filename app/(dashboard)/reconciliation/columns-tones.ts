/** How a suggestion's confidence is coloured, in the queue and on the transfer's page alike. */
export const CONFIDENCE_TONE = { high: "success", medium: "warning", low: "neutral" } as const;
