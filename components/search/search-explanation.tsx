import type { SearchView } from "@/lib/search/types";

/** What went wrong, what the query was taken for, everywhere the search looked and how far, and in which mode. */
export function SearchExplanation({ view }: { view: SearchView }) {
  return (
    <div className="space-y-3 text-sm text-slate-600">
      {view.problems.length > 0 && (
        <ul role="alert" className="space-y-1 rounded-md bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200 ring-inset">
          {view.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {view.searched && <p className="font-medium text-slate-700">{view.searched}</p>}
      {view.where.length > 0 && (
        <ul className="list-disc space-y-1 pl-5">
          {view.where.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {view.notes.map((note) => (
        <p key={note} className="text-slate-500">
          {note}
        </p>
      ))}
    </div>
  );
}
