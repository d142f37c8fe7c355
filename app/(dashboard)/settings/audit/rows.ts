import type { AuditListed } from "@/db/queries/audit";

// An audit row on its way to the page or the CSV: what the query read, with anything secret-looking in its before and
// after replaced (a password hash, a token, an onboarding link, a key), so neither the browser nor a file ever gets it.

export type AuditRow = Omit<AuditListed, "at"> & { at: string };


/** What stands in a before/after for a hidden value. */
export const HIDDEN = "[hidden]";

const SECRET_KEY = /(password|secret|token|hash|api_?key|onboarding_?url|request_?key|cookie|authorization|^url$|^link$)/i;
const SECRET_VALUE = /^(svc|sk|pk)_(test|live)_|^whsec_|^https?:\/\/[^\s]*\/onboarding\//i;

/** A before/after with every secret-looking field's value, at any depth, replaced by "[hidden]". */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return HIDDEN;
  if (typeof value === "string") return SECRET_VALUE.test(value) ? HIDDEN : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? HIDDEN : redact(inner, depth + 1)]));
  }
  return value;
}

export function toAuditRow(entry: AuditListed): AuditRow {
  return { ...entry, at: entry.at.toISOString(), before: redact(entry.before), after: redact(entry.after) };
}

/** One field of a before/after, by its path ("figures.confirmed.count"), as it was and as it became. */
export type FieldChange = { path: string; key: string; before: unknown; after: unknown; changed: boolean };

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix: string, into: Flat, depth = 0) {
  const isObject = value !== null && typeof value === "object";
  const primitiveArray = Array.isArray(value) && value.every((item) => item === null || typeof item !== "object");
  if (!isObject || primitiveArray || depth > 6) {
    if (prefix) into.set(prefix, value);
    return;
  }
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value as object);
  if (entries.length === 0 && prefix) into.set(prefix, Array.isArray(value) ? [] : null);
  for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into, depth + 1);
}

/**
 * A row's before and after side by side, field by field (nested objects by their path): what an admin reads instead
 * of two JSON documents. In the after's order, then what only the before had.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was: Flat = new Map();
  const is: Flat = new Map();
  flatten(before ?? {}, "", was);
  flatten(after ?? {}, "", is);
  const paths = [...new Set([...is.keys(), ...was.keys()])];
  return paths.map((path) => {
    const b = was.get(path);
    const a = is.get(path);
    return { path, key: path.split(".").findLast((part) => !/^\d+$/.test(part)) ?? path, before: b, after: a, changed: before !== null && before !== undefined && JSON.stringify(b) !== JSON.stringify(a) };
  });
}
