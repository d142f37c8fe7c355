"use client";
import { useId, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { acceptWithoutMatchAction, confirmSuggestionAction, matchByHandAction, rejectSuggestionAction, undoDecisionAction } from "./actions";

const ACTIONS = {
  confirm: confirmSuggestionAction,
  reject: rejectSuggestionAction,
  undo: undoDecisionAction,
  match: matchByHandAction,
  accept: acceptWithoutMatchAction,
} as const;
type Kind = keyof typeof ACTIONS;
const LABELS = { confirm: "confirm", reject: "reject", undo: "undo", match: "match", accept: "accept" } as const;

/**
 * One decision's form: a note (optional, or required for an acceptance without a match) and its buttons. The answer
 * is the decision layer's, in words: done, or why not (someone decided it first, a closed period wants a note...).
 */
export function DecisionForm({ kinds, payload, noteRequired = false, notePlaceholder, labels, disabled = false, className }: {
  kinds: Kind[];
  payload: Record<string, unknown>;
  noteRequired?: boolean;
  notePlaceholder?: string;
  /** A button's own words where the decision's usual one would say too little ("Confirm the set of 3 transfers"). */
  labels?: Partial<Record<Kind, string>>;
  /** The page knows the decision cannot pass yet (and says why beside the form). */
  disabled?: boolean;
  className?: string;
}) {
  const t = useTranslations("reconciliationDecision");
  const id = useId();
  const [note, setNote] = useState("");
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, start] = useTransition();
  const submit = (kind: Kind) =>
    start(async () => {
      const trimmed = note.trim();
      const result = await ACTIONS[kind]({ ...payload, ...(trimmed ? { note: trimmed } : {}) });
      setAnswer({ ok: result.ok, message: result.message });
      if (result.ok) setNote("");
    });
  return (
    <form className={cn("space-y-2", className)} onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={id} className="block text-xs font-medium text-slate-600">
            {noteRequired ? t("noteRequired") : t("note")}
          </label>
          <Input id={id} value={note} maxLength={500} required={noteRequired} placeholder={notePlaceholder ?? t("notePlaceholder")} onChange={(event) => setNote(event.target.value)} />
        </div>
        {kinds.map((kind, index) => (
          <Button
            key={kind}
            type="button"
            variant={index === 0 && kind !== "undo" ? "primary" : "secondary"}
            disabled={disabled || pending || (noteRequired && note.trim() === "")}
            onClick={() => submit(kind)}
          >
            {labels?.[kind] ?? t(LABELS[kind])}
          </Button>
        ))}
      </div>
      {answer && (
        <p role={answer.ok ? "status" : "alert"} className={cn("rounded-md px-3 py-2 text-sm", answer.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800")}>
          {answer.message}
        </p>
      )}
    </form>
  );
}
