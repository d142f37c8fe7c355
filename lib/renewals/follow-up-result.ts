// What a follow-up action answers (client-safe: the dialog reads it).
export type FollowUpError = "forbidden" | "invalid_input" | "not_found" | "unknown_operator" | "not_assignable";
export type FollowUpResult = { ok: true } | { ok: false; error: FollowUpError; fieldErrors?: Record<string, string[]> };
