// The audit log's own URL values beyond what its declaration's parsers check (list.ts): client-safe, no catalog keys.

/** An operator filter from the URL: an operator's id (a UUID) or "cli"; anything else is no filter. */
export function operatorFilter(value: string | null): string | undefined {
  if (!value) return undefined;
  const id = value.toLowerCase();
  return id === "cli" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : undefined;
}


