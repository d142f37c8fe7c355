/**
 * A thin progress bar with its figure beside it; without a known total, the figure alone. An SVG whose fill is sized
 * by an attribute: a `style` attribute in server-rendered HTML is refused by the Content-Security-Policy (no nonce),
 * which left the old bar always full.
 */
export function SyncProgress({ percent, text, label }: { percent: number | null; text: string; label: string }) {
  return (
    <div className="mt-1 flex items-center gap-2">
      {percent !== null && (
        <svg role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full">
          <rect data-part="track" width="100%" height="100%" className="fill-slate-200" />
          <rect data-part="done" width={`${percent}%`} height="100%" className="fill-indigo-500" />
        </svg>
      )}
      <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{text}</span>
    </div>
  );
}
