export default function Loading() {
  return (
    <div aria-busy="true" className="animate-pulse space-y-4">
      <div className="h-6 w-48 rounded bg-slate-200" />
      <div className="h-4 w-72 rounded bg-slate-200" />
      <div className="h-64 rounded-lg bg-slate-200/70" />
    </div>
  );
}
