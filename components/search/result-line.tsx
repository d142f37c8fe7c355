import { Fragment } from "react";
import type { SearchItem } from "@/lib/search/types";

/** One hit: its kind, what names it, its id in full (to check against what was typed) and the facts that tell it apart. */
export function ResultLine({ item }: { item: SearchItem }) {
  return (
    <div className="min-w-0 text-left">
      <div className="text-[11px] font-semibold tracking-wide text-indigo-600 uppercase">{item.kind}</div>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium break-words text-slate-900">{item.title}</span>
        <span className="font-mono text-xs break-all text-slate-500">{item.id}</span>
      </div>
      {item.facts.length > 0 && (
        <div className="text-xs text-slate-500">
          {item.facts.map((fact, index) => (
            <Fragment key={index}>
              {index > 0 && " · "}
              {/* Each fact whole on a line, a phone never split across two; one longer than the line (a long e-mail or
                  name) is cut short instead, whole on hover. */}
              <span className="inline-block max-w-full truncate align-top" title={fact}>
                {fact}
              </span>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
