"use client";
import { useId, useState, type ChangeEvent, type ComponentProps, type FocusEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import { FIRST_YEAR, isCalendarDay, LAST_YEAR } from "@/lib/calendar-day";
import { formatCalendarDay } from "@/lib/format/time";
import { cn } from "./cn";
import { Input } from "./input";

// A native date input (its keyboard entry and its picker) with the chosen day in words in the APP's language beside
// or under it. Chromium writes the input's own text in the browser's language: an operator who chose Spanish on an
// English (US) Chrome read "05/11/2026" as 11 May or as 5 November. The words are the input's accessible description.

const FULL: Intl.DateTimeFormatOptions = { dateStyle: "full" };
const COMPACT: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const FIRST_DAY = `${FIRST_YEAR}-01-01`;
const LAST_DAY = `${LAST_YEAR}-12-31`;

/**
 * "full": "miércoles, 25 de noviembre de 2026"; "compact": "25 nov 2026", where room is short; "compactOnPhone": compact
 * below the `sm` breakpoint, full from it.
 */
export type DateWording = "full" | "compact" | "compactOnPhone";

type DateFieldProps = Omit<ComponentProps<"input">, "type"> & {
  /** The wrapper's classes: the words go under the input unless these say otherwise (e.g. "sm:flex-row sm:items-center"). */
  fieldClassName?: string;
  wording?: DateWording;
};

/**
 * Controlled (`value`) or not (`defaultValue`, a plain GET form's field; like any input, it takes a new defaultValue
 * only when mounted again: key it by the day where the page can change it without a reload). The accepted days (lib/calendar-day) are the
 * default min and max, so the native picker offers no other; a caller's min or max narrows them.
 */
export function DateField({ fieldClassName, wording = "full", className, min, max, onChange, onBlur, "aria-describedby": describedBy, ...props }: DateFieldProps) {
  const t = useTranslations("ui.dateField");
  const locale = useLocale();
  const wordsId = useId();
  const [typed, setTyped] = useState(String(props.defaultValue ?? ""));
  // Chromium keeps value "" while a day is half typed ("11/25/yyyy"): only validity.badInput tells it from empty.
  const [badInput, setBadInput] = useState(false);
  const day = props.value !== undefined ? String(props.value) : typed;
  const see = (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) => {
    setTyped(event.target.value);
    setBadInput(event.target.validity.badInput);
  };

  let words: { problem: boolean; full: string; compact: string } | null = null;
  if (isCalendarDay(day)) words = { problem: false, full: formatCalendarDay(day, locale, FULL), compact: formatCalendarDay(day, locale, COMPACT) };
  else if (day || badInput) {
    const year = /^(\d+)-\d{2}-\d{2}$/.exec(day)?.[1];
    const text = year && (Number(year) < FIRST_YEAR || Number(year) > LAST_YEAR) ? t("outOfRange", { first: String(FIRST_YEAR), last: String(LAST_YEAR) }) : t("invalid");
    words = { problem: true, full: text, compact: text };
  }

  return (
    <div className={cn("flex flex-col gap-x-2 gap-y-1", fieldClassName)}>
      <Input
        {...props}
        type="date"
        min={min ?? FIRST_DAY}
        max={max ?? LAST_DAY}
        aria-describedby={[describedBy, words && wordsId].filter(Boolean).join(" ") || undefined}
        aria-invalid={words?.problem || undefined}
        onChange={(event) => {
          see(event);
          onChange?.(event);
        }}
        onBlur={(event) => {
          see(event);
          onBlur?.(event);
        }}
        className={className}
      />
      {words && (
        <p id={wordsId} data-testid="date-words" className={cn("text-xs", words.problem ? "font-medium text-red-700" : "text-slate-600")}>
          {wording === "compactOnPhone" && !words.problem ? (
            <>
              <span className="sm:hidden">{words.compact}</span>
              <span className="hidden sm:inline">{words.full}</span>
            </>
          ) : wording === "compact" ? (
            words.compact
          ) : (
            words.full
          )}
        </p>
      )}
    </div>
  );
}
