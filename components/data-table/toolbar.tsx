"use client";
import { LoaderCircle, RotateCcw } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { useId, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { useKeptFocus } from "@/components/ui/kept-focus";
import { DateField } from "@/components/ui/date-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ExportButton } from "./export-button";

// Presentational filter controls. ListToolbar wires them to a list's URL state (useListFilters, from the list's
// declared filters), clearing the cursors on every change: a cursor only means something under its filters.

/**
 * `pending`: a filter change is on its way to the server (pass useTransition's flag to useQueryStates). The list's
 * CSV export (`exportTo`: the list's name and the export's URL with the filters) sits at the toolbar's end.
 */
export function DataTableToolbar(props: {
  children: ReactNode;
  onReset: () => void;
  canReset: boolean;
  pending?: boolean;
  exportTo?: { list: string; href: string };
}) {
  const { children, onReset, canReset, pending, exportTo } = props;
  const t = useTranslations("dataTable");
  const keptFocus = useKeptFocus<HTMLButtonElement>("list:reset");
  return (
    <div role="search" aria-label={t("filters")} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      {/* aria-disabled, not disabled: a disabled button drops the focus, and Reset disables itself when it is used. */}
      <button
        type="button"
        {...keptFocus}
        onClick={canReset ? onReset : undefined}
        aria-disabled={!canReset || undefined}
        className="reset-button"
      >
        <SpriteIcon icon={RotateCcw} />
        {t("reset")}
      </button>
      {pending && (
        <span role="status" className="inline-flex h-9 items-center gap-1.5 text-sm text-slate-500">
          <SpriteIcon icon={LoaderCircle} className="size-4 animate-spin" />
          {t("loading")}
        </span>
      )}
      {exportTo && <ExportButton list={exportTo.list} href={exportTo.href} />}
    </div>
  );
}

function Field({ label, children, id, className }: { label: string; children: ReactNode; id: string; className?: string }) {
  return (
    <div className={cn("filter-field", className)}>
      <label htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export type FilterOption = { value: string; label: string };

/** `focusKey` names the control on the page, so the focus comes back to it when the new page mounts (kept-focus.ts). */
export function SelectFilter(props: { label: string; allLabel: string; value: string | null; options: FilterOption[]; onChange: (value: string | null) => void; focusKey: string }) {
  const id = useId();
  const keptFocus = useKeptFocus<HTMLSelectElement>(props.focusKey);
  // At least 14rem, and as wide as its longest option beside the others: a fixed width cut "Sugeridas (predeterminada)".
  return (
    <Field label={props.label} id={id} className="w-full sm:w-auto">
      <Select {...keptFocus} id={id} value={props.value ?? ""} onChange={(event) => props.onChange(event.target.value || null)} className="w-full sm:w-auto sm:min-w-56">
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Free text (an id, a reference): applied on Enter or when the field loses focus, not on every keystroke. */
export function TextFilter(props: { label: string; placeholder?: string; code?: boolean; value: string | null; onChange: (value: string | null) => void; focusKey: string }) {
  const id = useId();
  const keptFocus = useKeptFocus<HTMLInputElement>(props.focusKey);
  const commit = (text: string) => {
    const value = text.trim() || null;
    if (value !== props.value) props.onChange(value);
  };
  return (
    <Field label={props.label} id={id} className="w-full sm:w-auto">
      <Input
        // Remounted when the URL changes (reset, back), so the field shows what is applied.
        key={props.value ?? ""}
        {...keptFocus}
        id={id}
        type="search"
        defaultValue={props.value ?? ""}
        placeholder={props.placeholder}
        spellCheck={false}
        autoComplete="off"
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => event.key === "Enter" && commit(event.currentTarget.value)}
        // An identifier in monospace, on a taller line at the same height: at text-sm's 20px line the field cut the
        // underscores of "pi_…" off.
        className={props.code ? "w-full py-1.5 font-mono leading-6 sm:w-56" : "w-full sm:w-56"}
      />
    </Field>
  );
}

/**
 * A date range: days in the operator's zone (the server turns them into UTC bounds; the table says the zone). Labelled
 * "created from/to" unless the list's date means something else (events are filtered by when they were received).
 */
export function DateRangeFilter(props: {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
  labels?: { from: string; to: string };
}) {
  // Side by side on a phone too: the two ends of one range, each bounding the other.
  return (
    <div className="flex w-full gap-3 sm:w-auto">
      <DayField end="from" {...props} />
      <DayField end="to" {...props} />
    </div>
  );
}

function DayField({ end, labels, onChange, ...range }: Parameters<typeof DateRangeFilter>[0] & { end: "from" | "to" }) {
  const t = useTranslations("dataTable");
  const id = useId();
  const keptFocus = useKeptFocus<HTMLInputElement>(`list:${end}`);
  const bound = end === "from" ? { max: range.to ?? undefined } : { min: range.from ?? undefined };
  return (
    <Field label={labels?.[end] ?? (end === "from" ? t("from") : t("to"))} id={id} className="flex-1 sm:flex-none">
      {/* The day's words beside the input from `sm` (the toolbar lines its controls up by their bottom edge), under it
          on a phone, where the range has a row of its own. */}
      <DateField
        {...keptFocus}
        id={id}
        value={range[end] ?? ""}
        {...bound}
        onChange={(event) => onChange({ ...range, [end]: event.target.value || null })}
        wording="compact"
        fieldClassName="sm:flex-row sm:items-center"
        className="w-full sm:w-40"
      />
    </Field>
  );
}
