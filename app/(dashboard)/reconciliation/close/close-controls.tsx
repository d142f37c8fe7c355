"use client";
import { LoaderCircle, Lock, LockOpen } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { CloseResult } from "@/lib/reconciliation/periods-close";
import type { PeriodParams } from "@/lib/reconciliation/periods";
import { closePeriodAction, reopenPeriodAction } from "./actions";

type Outcome = CloseResult | "failed" | null;
/** The input fields the catalog names (reconciliationClose.actions.fields). */
const CLOSE_FIELDS = ["kind", "date", "currency", "closureId", "note"] as const;
const isNamed = (field: string): field is (typeof CLOSE_FIELDS)[number] => (CLOSE_FIELDS as readonly string[]).includes(field);

function Message({ outcome, done }: { outcome: Outcome; done: string }) {
  const t = useTranslations("reconciliationClose.actions");
  if (!outcome) return null;
  if (outcome !== "failed" && outcome.ok) return <span className="text-emerald-700">{done}</span>;
  const text =
    outcome === "failed"
      ? t("errors.failed")
      : outcome.error === "invalid_input"
        ? t("errors.invalid_input", { fields: outcome.fields.map((field) => (isNamed(field) ? t(`fields.${field}`) : field)).join(", ") })
        : t(`errors.${outcome.error}`);
  return <span className="text-red-700">{text}</span>;
}

/** Close this period: a second click confirms, after saying what closing means. */
export function CloseButton({ params, periodLabel, open }: { params: PeriodParams; periodLabel: string; /** Transfers of the period still undecided. */ open: { suggested: number; unmatched: number } }) {
  const t = useTranslations("reconciliationClose.actions");
  const [asking, setAsking] = useState(false);
  const [pending, start] = useTransition();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const close = () =>
    start(async () => {
      setOutcome(null);
      try {
        setOutcome(await closePeriodAction(params));
      } catch {
        setOutcome("failed");
      }
      setAsking(false);
    });
  return (
    <div className="space-y-2">
      {asking ? (
        <div role="group" aria-label={t("close")} className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p>{t("confirmClose", { period: periodLabel })}</p>
          {open.suggested + open.unmatched > 0 && (
            <p className="font-medium" data-testid="close-open-warning">
              {t("openWarning", { count: open.suggested + open.unmatched, suggested: open.suggested, unmatched: open.unmatched })}
            </p>
          )}
          <div className="flex gap-2">
            <Button onClick={close} disabled={pending}>
              {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Lock aria-hidden className="size-4" />}
              {pending ? t("closing") : t("close")}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={pending}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={() => setAsking(true)}>
          <Lock aria-hidden className="size-4" />
          {t("close")}
        </Button>
      )}
      <p role="status" className="text-sm">
        <Message outcome={outcome} done={t("closed")} />
      </p>
    </div>
  );
}

/** Reopen a close: the reason is required and goes on the audit row. */
export function ReopenForm({ closureId }: { closureId: number }) {
  const t = useTranslations("reconciliationClose.actions");
  const [note, setNote] = useState("");
  const [pending, start] = useTransition();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reopen = (event: React.FormEvent) => {
    event.preventDefault();
    start(async () => {
      setOutcome(null);
      try {
        setOutcome(await reopenPeriodAction({ closureId, note }));
      } catch {
        setOutcome("failed");
      }
    });
  };
  return (
    <form onSubmit={reopen} className="space-y-2">
      <label htmlFor="reopen-note" className="block text-xs font-medium text-slate-600">
        {t("reopenReason")}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input id="reopen-note" required maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t("reopenPlaceholder")} className="max-w-sm" />
        <Button type="submit" variant="secondary" disabled={pending || note.trim() === ""}>
          {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <LockOpen aria-hidden className="size-4" />}
          {pending ? t("reopening") : t("reopen")}
        </Button>
      </div>
      <p role="status" className="text-sm">
        <Message outcome={outcome} done={t("reopenedDone")} />
      </p>
    </form>
  );
}
