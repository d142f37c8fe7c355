import { formatDateTime, formatUtc } from "@/lib/format/time";

/** A time in the operator's zone; the exact UTC instant on hover. */
export function Time({ value, locale, timeZone }: { value: Date | string; locale: string; timeZone: string }) {
  const iso = new Date(value).toISOString();
  return (
    <time dateTime={iso} title={formatUtc(iso)} className="whitespace-nowrap">
      {formatDateTime(iso, locale, timeZone)}
    </time>
  );
}
