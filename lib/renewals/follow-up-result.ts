// What a follow-up action answers (client-safe: the dialog reads it).
export type FollowUpError =
  | "forbidden"
  | "invalid_input"
  | "not_found"
  | "unknown_operator"
  | "not_assignable"
  // Closing by hand: only an open (retrying or exhausted) failure; reopening: only one closed by hand and not recovered since.
  | "already_closed"
  | "already_recovered"
  | "not_closed";

/**
 * The fields a refused input names, as codes the dialog words in the operator's language
 * (failedRenewals.followUp.fields.*); "input" when the call itself is not one of the forms' (a forged or stale call).
 * Never zod's own messages, which are English ("Invalid input: expected number, received NaN").
 */
export const FOLLOW_UP_FIELDS = ["failureId", "operatorId", "kind", "note", "promisedBy", "reason", "input"] as const;
export type FollowUpField = (typeof FOLLOW_UP_FIELDS)[number];

export type FollowUpResult = { ok: true } | { ok: false; error: Exclude<FollowUpError, "invalid_input"> } | { ok: false; error: "invalid_input"; fields: FollowUpField[] };
