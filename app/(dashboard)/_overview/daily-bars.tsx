import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { formatCalendarDay } from "@/lib/format/time";
import { barHeight } from "./chart-scale";

// The bars of a 30-day chart, server-rendered SVG with no chart library and no client JavaScript (the Overview's
// volume, the failed renewals' failures and recoveries). The SVG stretches to its box (preserveAspectRatio none) and
// holds no text, so nothing in it is distorted; the labels around it are HTML and wrap like text. Each day's column
// has its figures as its hover; the charts put their figures in a table too, for screen readers and for reading off exact values.

const SLOT = 10; // Each day's width in SVG units; its bars leave a gap of 2.
const short = (day: string, locale: string) => formatCalendarDay(day, locale, { day: "numeric", month: "short" });

export type DayBars = { day: string; title: string; href?: string; bars: { value: number; className: string }[] };

export function DailyBars({ id, label, summary, days, top, axis, locale }: { id: string; label: string; summary: string; days: DayBars[]; top: number; axis: [ReactNode, ReactNode, ReactNode]; locale: string }) {
  return (
    <div className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
      <div aria-hidden className="flex h-32 flex-col justify-between text-right text-[11px] leading-none text-slate-500 tabular-nums">
        <span>{axis[0]}</span>
        <span>{axis[1]}</span>
        <span>{axis[2]}</span>
      </div>
      {/* The picture (role="img", nothing inside it interactive) and, over it, one column per day answering the hover
          (its title) and, when the day has a list, the click. Those links are for the pointer; the figures' table has
          the same ones for the keyboard and screen readers, so the overlay is hidden from both. */}
      <div className="relative h-32">
        <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${days.length * SLOT} 100`} preserveAspectRatio="none" className="h-full w-full overflow-visible">
          <title id={`${id}-title`}>{label}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {[0, 50, 100].map((y) => (
            <line key={y} x1={0} x2={days.length * SLOT} y1={y} y2={y} vectorEffect="non-scaling-stroke" className="stroke-slate-200" strokeWidth={1} />
          ))}
          {/* Today's column is shaded: it is not over yet, and an empty today should not read as a missing day. */}
          <rect x={(days.length - 1) * SLOT} y={0} width={SLOT} height={100} className="fill-slate-100" />
          {days.map((point, i) => {
            const width = (SLOT - 2) / point.bars.length;
            return point.bars.map((bar, k) => {
              const height = barHeight(bar.value, top);
              return <rect key={`${point.day}-${k}`} x={i * SLOT + 1 + k * width} y={100 - height} width={width} height={height} className={bar.className} />;
            });
          })}
        </svg>
        {/* The whole column answers the hover, so a short bar is as easy to point at as a tall one. */}
        <div aria-hidden className="absolute inset-0 flex">
          {days.map((point) =>
            point.href ? (
              <a key={point.day} href={point.href} tabIndex={-1} title={point.title} className="flex-1 hover:bg-indigo-900/10" />
            ) : (
              <div key={point.day} title={point.title} className="flex-1 hover:bg-indigo-900/10" />
            ),
          )}
        </div>
      </div>
      <div aria-hidden className="col-start-2 mt-1 flex justify-between text-[11px] text-slate-500">
        <span>{short(days[0]!.day, locale)}</span>
        <span>{short(days.at(-1)!.day, locale)}</span>
      </div>
    </div>
  );
}

/** The chart's figures behind a disclosure: one row per day (linked when the day has a list), a column per figure. */
export function DailyFigures({ open, label, headings, days, locale }: { open: string; label: string; headings: [string, ...string[]]; days: { day: string; href?: string; cells: ReactNode[] }[]; locale: string }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-xs font-medium text-indigo-600 hover:text-indigo-500">{open}</summary>
      <div className="mt-2 max-h-64 overflow-y-auto">
        <table className="w-full text-xs">
          <caption className="sr-only">{label}</caption>
          <thead className="text-left text-slate-500">
            <tr>
              {headings.map((heading, i) => (
                <th key={heading} scope="col" className={cn("py-1 font-medium", i > 0 && "text-right")}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-700">
            {days.map((day) => (
              <tr key={day.day} data-day={day.day}>
                <th scope="row" className="py-1 text-left font-normal">
                  {day.href ? (
                    <Link href={day.href} className="text-indigo-700 hover:underline">
                      {formatCalendarDay(day.day, locale)}
                    </Link>
                  ) : (
                    formatCalendarDay(day.day, locale)
                  )}
                </th>
                {day.cells.map((cell, i) => (
                  <td key={i} className="py-1 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
