import { cn } from "@/components/ui/cn";

/**
 * A plain GET search on the transfer page (a payment to match; transfers for a set): it works without JavaScript and
 * keeps the rest of the page's URL state in hidden fields.
 */
export function GetSearch({ name, value, label, placeholder, button, keep = {}, formLabel, compact = false }: {
  name: string;
  value: string;
  label: string;
  placeholder: string;
  button: string;
  keep?: Record<string, string>;
  formLabel?: string;
  compact?: boolean;
}) {
  return (
    <form method="get" className="flex gap-2" role="search" aria-label={formLabel}>
      {Object.entries(keep).map(([key, kept]) => kept && <input key={key} type="hidden" name={key} value={kept} />)}
      <input
        type="search"
        name={name}
        defaultValue={value}
        aria-label={label}
        placeholder={placeholder}
        className={cn("block rounded-md border-0 px-3 text-sm ring-1 ring-slate-300 ring-inset", compact ? "w-72 py-1.5" : "w-full py-2")}
      />
      <button type="submit" className={cn("rounded-md bg-white text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50", compact ? "px-3 py-1.5" : "px-3.5 py-2")}>
        {button}
      </button>
    </form>
  );
}
