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
      {item.detail && <div className="text-xs break-words text-slate-500">{item.detail}</div>}
    </div>
  );
}
