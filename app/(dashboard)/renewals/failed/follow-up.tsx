"use client";
import { useRouter } from "next/navigation";
import { createContext, useContext, useRef, useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatCalendarDay, formatDateTime } from "@/lib/format/time";
import { CONTACT_KINDS, type ContactKind } from "@/lib/renewals/states";
import type { FollowUpResult } from "@/lib/renewals/follow-up-result";
import { assignFailedRenewalAction, logRenewalContactAction, setRenewalPromiseAction } from "./actions";
import type { FailedRenewalRow } from "@/lib/renewals/row";

// Who chases a failed renewal, what was said and what was promised. Only operators and up get the controls (the
// server decides, and each action checks again); a viewer sees the same facts without them.

type FollowUpContextValue = { canEdit: boolean; operators: { id: string; name: string }[]; locale: string; timeZone: string };
const FollowUpContext = createContext<FollowUpContextValue>({ canEdit: false, operators: [], locale: "es-CR", timeZone: "America/Costa_Rica" });

export function FollowUpProvider({ children, ...value }: FollowUpContextValue & { children: ReactNode }) {
  return <FollowUpContext.Provider value={value}>{children}</FollowUpContext.Provider>;
}

const dayLabel = (day: string, locale: string) => formatCalendarDay(day, locale, { day: "numeric", month: "short", year: "numeric" });

export function FollowUpCell({ row }: { row: FailedRenewalRow }) {
  const t = useTranslations("failedRenewals.followUp");
  const { canEdit, locale, timeZone } = useContext(FollowUpContext);
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  // Whether anything was saved while the dialog was open: the list is read again when it closes.
  const saved = useRef(false);
  const kind = (CONTACT_KINDS as readonly string[]).includes(row.lastContactKind ?? "") ? t(`contactKinds.${row.lastContactKind as ContactKind}`) : null;
  return (
    <div className="max-w-56 min-w-40 space-y-0.5 text-xs whitespace-normal text-slate-700">
      {row.assignedName && <p data-testid="assigned">{t("assignedTo", { name: row.assignedName })}</p>}
      {row.promisedBy && <p data-testid="promised">{t("promisedBy", { day: dayLabel(row.promisedBy, locale) })}</p>}
      {kind && row.lastContactAt && (
        <p title={row.lastContactNote ?? undefined} data-testid="last-contact">
          {t("lastContact", { kind, when: formatDateTime(row.lastContactAt, locale, timeZone) })}
        </p>
      )}
      {canEdit && (
        <>
          <Button variant="secondary" className="mt-1 px-2 py-1 text-xs" onClick={() => dialog.current?.showModal()}>
            {t("open")}
          </Button>
          <dialog
            ref={dialog}
            aria-labelledby={`follow-up-${row.id}`}
            className="m-auto w-full max-w-md rounded-lg p-0 whitespace-normal shadow-xl backdrop:bg-slate-900/40"
            onClose={() => {
              if (saved.current) router.refresh();
              saved.current = false;
            }}
          >
            <FollowUpForms row={row} close={() => dialog.current?.close()} onSaved={() => (saved.current = true)} />
          </dialog>
        </>
      )}
    </div>
  );
}

function useFollowUpAction(onSaved: () => void) {
  const t = useTranslations("failedRenewals.followUp");
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (action: () => Promise<FollowUpResult>) =>
    startTransition(async () => {
      setMessage(null);
      const result = await action().catch(() => ({ ok: false, error: "failed" }) as const);
      if (result.ok) onSaved();
      setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: t(`errors.${result.error === "forbidden" ? "failed" : result.error}`) });
    });
  return { pending, message, run };
}

function FollowUpForms({ row, close, onSaved }: { row: FailedRenewalRow; close: () => void; onSaved: () => void }) {
  const t = useTranslations("failedRenewals.followUp");
  const { operators } = useContext(FollowUpContext);
  const { pending, message, run } = useFollowUpAction(onSaved);
  const [assignee, setAssignee] = useState(row.assignedTo ?? "");
  const [contactKind, setContactKind] = useState<ContactKind>("called");
  const [note, setNote] = useState("");
  const [promise, setPromise] = useState(row.promisedBy ?? "");
  const failureId = row.id;
  const label = "block text-xs font-medium text-slate-700";
  return (
    <div className="space-y-4 p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`follow-up-${row.id}`} className="font-semibold text-slate-900">
          {t("title", { name: row.customerName ?? row.subscriptionId })}
        </h2>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={close}>
          {t("close")}
        </Button>
      </div>
      <form
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          run(() => assignFailedRenewalAction({ failureId, operatorId: assignee || null }));
        }}
      >
        <label className={label} htmlFor={`assign-${row.id}`}>
          {t("assign")}
        </label>
        <div className="flex gap-2">
          <Select id={`assign-${row.id}`} className="flex-1" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
            <option value="">{t("nobody")}</option>
            {operators.map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.name}
              </option>
            ))}
          </Select>
          <Button type="submit" disabled={pending}>
            {t("saveAssign")}
          </Button>
        </div>
      </form>
      <form
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          run(async () => {
            const result = await logRenewalContactAction({ failureId, kind: contactKind, note });
            if (result.ok) setNote("");
            return result;
          });
        }}
      >
        <fieldset className="space-y-2">
          <legend className={label}>{t("contact")}</legend>
          <div className="flex flex-wrap gap-3">
            {CONTACT_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name={`contact-${row.id}`} value={kind} checked={contactKind === kind} onChange={() => setContactKind(kind)} />
                {t(`contactKinds.${kind}`)}
              </label>
            ))}
          </div>
          <label className={label} htmlFor={`note-${row.id}`}>
            {t("note")}
          </label>
          <textarea
            id={`note-${row.id}`}
            value={note}
            maxLength={1000}
            rows={2}
            placeholder={t("notePlaceholder")}
            onChange={(event) => setNote(event.target.value)}
            className="block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
          />
          <Button type="submit" disabled={pending}>
            {t("saveContact")}
          </Button>
        </fieldset>
      </form>
      <form
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          run(() => setRenewalPromiseAction({ failureId, promisedBy: promise || null }));
        }}
      >
        <label className={label} htmlFor={`promise-${row.id}`}>
          {t("promise")}
        </label>
        <div className="flex flex-wrap gap-2">
          <Input id={`promise-${row.id}`} type="date" className="w-44" value={promise} onChange={(event) => setPromise(event.target.value)} />
          <Button type="submit" disabled={pending}>
            {t("savePromise")}
          </Button>
          {row.promisedBy && (
            <Button type="button" variant="secondary" disabled={pending} onClick={() => run(() => setRenewalPromiseAction({ failureId, promisedBy: null }))}>
              {t("clearPromise")}
            </Button>
          )}
        </div>
      </form>
      <p role="status" className={message?.ok === false ? "text-sm text-red-700" : "text-sm text-emerald-700"}>
        {message?.text}
      </p>
    </div>
  );
}
