import { formatDateTime, formatUtc } from "@/lib/format/time";

/**
 * A time in the operator's zone; the exact UTC instant on hover. Kept on one line, unless `inCell` says a table cell
 * (data-rows in app/globals.css) already does: a class fewer on each of a list's rows.
 */
export function Time({ value, locale, timeZone, inCell }: { value: Date | string; locale: string; timeZone: string; inCell?: boolean }) {
  const iso = new Date(value).toISOString();
  return (
    <time dateTime={iso} title={formatUtc(iso)} className={inCell ? undefined : "whitespace-nowrap"}>
      {formatDateTime(iso, locale, timeZone)}
    </time>
  );
}
