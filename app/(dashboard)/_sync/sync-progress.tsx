/** A thin progress bar with its figure beside it; without a known total, the figure alone. */
export function SyncProgress({ percent, text, label }: { percent: number | null; text: string; label: string }) {
  return (
    <div className="mt-1 flex items-center gap-2">
      {percent !== null && (
        <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full rounded-full bg-indigo-500" style={{ width: `${percent}%` }} />
        </div>
      )}
      <span className="text-xs text-slate-600 tabular-nums">{text}</span>
    </div>
  );
}
