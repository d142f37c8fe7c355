"use client";
import Link from "next/link";
import { useId, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { formatMoney } from "@/lib/format/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { bulkConfirmAction } from "../actions";
import { reconcileHref } from "../href";

export type BulkItem = {
  matchId: number;
  refs: string[];
  sender: string;
  /** Formatted, and in minor units with its currency for the chosen ones' total. */
  amount: string;
  minor: number;
  currency: string;
  intent: string;
  customer: string;
  when: string;
  score: number;
  reasons: string[];
};

/**
 * The review: every suggestion ticked to start with; what is confirmed is what stays ticked. Above the list, always in
 * view: all or none, how many are ticked and their money per currency, the note and the button.
 */
export function BulkConfirmForm({ items, locale }: { items: BulkItem[]; /** The region to format money for (FORMAT_LOCALE). */ locale: string }) {
  const t = useTranslations("reconciliationDecision");
  const noteId = useId();
  const [chosen, setChosen] = useState(() => new Set(items.map((item) => item.matchId)));
  const [note, setNote] = useState("");
  const [result, setResult] = useState<{ text: string; refused: string[] } | null>(null);
  const [pending, start] = useTransition();
  // What the ticked ones add up to, per currency: the money about to be confirmed, said before the click.
  const totals = new Map<string, number>();
  for (const item of items) if (chosen.has(item.matchId)) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.minor);
  const allChosen = chosen.size === items.length;
  const toggle = (id: number) => setChosen((current) => (current.has(id) ? new Set([...current].filter((x) => x !== id)) : new Set([...current, id])));
  const submit = () =>
    start(async () => {
      const answer = await bulkConfirmAction({ matchIds: [...chosen], ...(note.trim() ? { note: note.trim() } : {}) });
      if ("error" in answer) return setResult({ text: t("bulk.invalid"), refused: [] });
      setResult({ text: t("bulk.result", { confirmed: answer.confirmed, refused: answer.refused.length }), refused: answer.refused.map((r) => r.message) });
    });
  return (
    <form onSubmit={(event) => event.preventDefault()} className="space-y-3">
      <div className="sticky top-0 z-10 space-y-2 rounded-lg bg-white/95 p-3 shadow-sm ring-1 ring-slate-200 backdrop-blur" data-testid="bulk-bar">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={() => setChosen(allChosen ? new Set() : new Set(items.map((item) => item.matchId)))}>
            {allChosen ? t("bulk.selectNone") : t("bulk.selectAll")}
          </button>
          <span className="text-slate-700" data-testid="bulk-total">
            {t("bulk.chosen", { count: chosen.size, total: items.length })}
            {totals.size > 0 && ": "}
            {[...totals].map(([currency, minor]) => formatMoney(minor, currency, locale)).join(" · ")}
          </span>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-64 flex-1">
            <label htmlFor={noteId} className="block text-xs font-medium text-slate-600">
              {t("note")}
            </label>
            <Input id={noteId} value={note} maxLength={500} placeholder={t("notePlaceholder")} onChange={(event) => setNote(event.target.value)} />
          </div>
          <Button type="button" disabled={pending || chosen.size === 0} onClick={submit}>
            {t("bulk.submit", { count: chosen.size })}
          </Button>
        </div>
      </div>
      <Card className="divide-y divide-slate-100">
        {items.map((item) => (
          <label key={item.matchId} className="flex cursor-pointer gap-3 p-4 text-sm hover:bg-slate-50">
            <input type="checkbox" className="mt-1 size-4" checked={chosen.has(item.matchId)} onChange={() => toggle(item.matchId)} aria-label={`${t("bulk.select")}: ${item.refs.join(" + ")}`} />
            <div className="grid flex-1 gap-1 sm:grid-cols-[1fr_1fr_2fr]">
              <div>
                <div className="font-medium text-slate-900">{item.amount}</div>
                <div className="text-xs text-slate-500">
                  {item.sender} · <span className="whitespace-nowrap">{item.when}</span>
                </div>
                <Link href={reconcileHref(item.refs[0]!)} className="font-mono text-xs text-indigo-600 hover:underline" onClick={(event) => event.stopPropagation()}>
                  {item.refs.join(" + ")}
                </Link>
              </div>
              <div>
                <div className="font-mono text-xs">{item.intent}</div>
                <div className="text-xs text-slate-500">{item.customer}</div>
                <div className="text-xs text-emerald-700">{item.score}/100</div>
              </div>
              <ul className="list-inside list-disc text-xs text-slate-700">
                {item.reasons.map((reason, index) => (
                  <li key={index}>{reason}</li>
                ))}
              </ul>
            </div>
          </label>
        ))}
      </Card>
      {result && (
        <div role="status" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <p>{result.text}</p>
          {result.refused.length > 0 && (
            <ul className="mt-1 list-inside list-disc text-red-800">
              {result.refused.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
