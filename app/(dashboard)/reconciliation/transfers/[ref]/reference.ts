// The route's segment as a transfer reference, or null when it cannot be one. Checked before the database is asked, as
// the other detail routes check their ids (idInputSchema, the event's numeric id, the checkout session's key): a NUL
// is not valid in PostgreSQL's text, so /reconciliation/transfers/%00 was a 500 rather than a 404. References come
// from webhooks too, which only require one to be non-empty, so this is the shape of a stored value, not the 25
// characters the transfer system assigns: 1–255 characters, none of them a control character (the list filters' rule).
import { isPlainToken } from "@/lib/list-params";

export function transferReference(segment: string): string | null {
  let reference: string;
  try {
    reference = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isPlainToken(reference) ? reference : null;
}
