"use client";
import Link from "next/link";
import { useId, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { bulkConfirmAction } from "../actions";
import { reconcileHref } from "../href";

export type BulkItem = { matchId: number; refs: string[]; sender: string; amount: string; intent: string; customer: string; when: string; score: number; reasons: string[] };

/** The review: every suggestion ticked to start with; what is confirmed is what stays ticked. */
export function BulkConfirmForm({ items }: { items: BulkItem[] }) {
  const t = useTranslations("reconciliationDecision");
  const noteId = useId();
  const [chosen, setChosen] = useState(() => new Set(items.map((item) => item.matchId)));
  const [note, setNote] = useState("");
  const [result, setResult] = useState<{ text: string; refused: string[] } | null>(null);
  const [pending, start] = useTransition();
  const toggle = (id: number) => setChosen((current) => (current.has(id) ? new Set([...current].filter((x) => x !== id)) : new Set([...current, id])));
  const submit = () =>
    start(async () => {
      const answer = await bulkConfirmAction({ matchIds: [...chosen], ...(note.trim() ? { note: note.trim() } : {}) });
      if ("error" in answer) return setResult({ text: t("bulk.invalid"), refused: [] });
      setResult({ text: t("bulk.result", { confirmed: answer.confirmed, refused: answer.refused.length }), refused: answer.refused.map((r) => r.message) });
    });
  return (
    <form onSubmit={(event) => event.preventDefault()} className="space-y-3">
      <Card className="divide-y divide-slate-100">
        {items.map((item) => (
          <label key={item.matchId} className="flex cursor-pointer gap-3 p-4 text-sm hover:bg-slate-50">
            <input type="checkbox" className="mt-1 size-4" checked={chosen.has(item.matchId)} onChange={() => toggle(item.matchId)} aria-label={`${t("bulk.select")}: ${item.refs.join(" + ")}`} />
            <div className="grid flex-1 gap-1 sm:grid-cols-[1fr_1fr_2fr]">
              <div>
                <div className="font-medium text-slate-900">{item.amount}</div>
                <div className="text-xs text-slate-500">{item.sender} · {item.when}</div>
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
