// The audit log's own URL values beyond what its declaration's parsers check (list.ts): client-safe, no catalog keys.

/** An operator filter from the URL: an operator's id (a UUID) or "cli"; anything else is no filter. */
export function operatorFilter(value: string | null): string | undefined {
  if (!value) return undefined;
  const id = value.toLowerCase();
  return id === "cli" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : undefined;
}

/** A cursor from the URL as an audit row id; anything else (a hand-edited link, another list's cursor) is no cursor. */
export function auditCursor(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
