import { formatDate, formatUtc } from "@/lib/format/time";

/** A billing period as two calendar days in the operator's zone ("1 nov 2026 – 1 dic 2026"); exact instants on hover. */
export function Period({ start, end, locale, timeZone }: { start: string; end: string | null | undefined; locale: string; timeZone: string }) {
  return (
    <span className="whitespace-nowrap">
      <time dateTime={start} title={formatUtc(start)}>
        {formatDate(start, locale, timeZone)}
      </time>
      {end && (
        <>
          {" – "}
          <time dateTime={end} title={formatUtc(end)}>
            {formatDate(end, locale, timeZone)}
          </time>
        </>
      )}
    </span>
  );
}
