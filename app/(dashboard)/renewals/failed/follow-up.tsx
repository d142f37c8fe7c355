"use client";
import { useRouter } from "next/navigation";
import { createContext, useContext, useMemo, useRef, useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { DateField } from "@/components/ui/date-field";
import { Modal } from "@/components/ui/modal";
import { Select } from "@/components/ui/select";
import { formatCalendarDay, formatDateTime } from "@/lib/format/time";
import { CLOSE_REASONS, CONTACT_KINDS, type CloseReason, type ContactKind } from "@/lib/renewals/states";
import type { FollowUpResult } from "@/lib/renewals/follow-up-result";
import { assignFailedRenewalAction, closeFailedRenewalAction, logRenewalContactAction, reopenFailedRenewalAction, setRenewalPromiseAction } from "./actions";
import type { FailedRenewalRow } from "@/lib/renewals/row";

// Who chases a failed renewal, what was said and what was promised. Only operators and up get the controls (the
// server decides, and each action checks again); a viewer sees the same facts without them.

type FollowUpSettings = { canEdit: boolean; operators: { id: string; name: string }[]; locale: string; timeZone: string };
type FollowUpContextValue = FollowUpSettings & { open: (row: FailedRenewalRow) => void };
const FollowUpContext = createContext<FollowUpContextValue>({ canEdit: false, operators: [], locale: "es-CR", timeZone: "America/Costa_Rica", open: () => {} });

/**
 * The table's one follow-up dialog: a row's button names the row, and the dialog renders that row's forms only while
 * it is open (no hidden form per row).
 */
export function FollowUpProvider({ children, ...settings }: FollowUpSettings & { children: ReactNode }) {
  const t = useTranslations("failedRenewals.followUp");
  const router = useRouter();
  const [row, setRow] = useState<FailedRenewalRow | null>(null);
  // Whether anything was saved while the dialog was open: the list is read again when it closes.
  const saved = useRef(false);
  const { canEdit, operators, locale, timeZone } = settings;
  const value = useMemo(() => ({ canEdit, operators, locale, timeZone, open: setRow }), [canEdit, operators, locale, timeZone]);
  return (
    <FollowUpContext.Provider value={value}>
      {children}
      {canEdit && (
        <Modal
          open={row !== null}
          onClose={() => {
            setRow(null);
            if (saved.current) router.refresh();
            saved.current = false;
          }}
          title={row ? t("title", { name: row.customerName ?? row.subscriptionId }) : ""}
          className="max-w-md"
        >
          {row && <FollowUpForms key={row.id} row={row} onSaved={() => (saved.current = true)} />}
        </Modal>
      )}
    </FollowUpContext.Provider>
  );
}

const dayLabel = (day: string, locale: string) => formatCalendarDay(day, locale, { day: "numeric", month: "short", year: "numeric" });

export function FollowUpCell({ row }: { row: FailedRenewalRow }) {
  const t = useTranslations("failedRenewals.followUp");
  const { canEdit, locale, timeZone, open } = useContext(FollowUpContext);
  const kind = (CONTACT_KINDS as readonly string[]).includes(row.lastContactKind ?? "") ? t(`contactKinds.${row.lastContactKind as ContactKind}`) : null;
  return (
    <div className="w-32 space-y-0.5 text-xs whitespace-normal text-slate-700">
      {row.assignedName && <p data-testid="assigned">{t("assignedTo", { name: row.assignedName })}</p>}
      {row.promisedBy && <p data-testid="promised">{t("promisedBy", { day: dayLabel(row.promisedBy, locale) })}</p>}
      {kind && row.lastContactAt && (
        <p title={row.lastContactNote ?? undefined} data-testid="last-contact">
          {t("lastContact", { kind, when: formatDateTime(row.lastContactAt, locale, timeZone) })}
        </p>
      )}
      {canEdit && (
        <Button variant="secondary" className="mt-1 px-2 py-1 text-xs" aria-haspopup="dialog" onClick={() => open(row)}>
          {t("open")}
        </Button>
      )}
    </div>
  );
}

function useFollowUpAction(onSaved: () => void) {
  const t = useTranslations("failedRenewals.followUp");
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // `said`: what a success says, when more than "Guardado." (a closure says what it changed).
  const run = (action: () => Promise<FollowUpResult>, said?: () => string) =>
    startTransition(async () => {
      setMessage(null);
      const result = await action().catch(() => ({ ok: false, error: "failed" }) as const);
      if (result.ok) onSaved();
      if (result.ok) return setMessage({ ok: true, text: said ? said() : t("saved") });
      // A refused input says which fields, in the operator's words (the action answers codes, never zod's English).
      const fields = result.error === "invalid_input" ? result.fields.map((field) => t(`fields.${field}`)) : [];
      setMessage({ ok: false, text: [t(`errors.${result.error === "forbidden" ? "failed" : result.error}`), ...fields].join(" ") });
    });
  return { pending, message, run };
}

function FollowUpForms({ row, onSaved }: { row: FailedRenewalRow; onSaved: () => void }) {
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
    <div className="space-y-4 text-sm">
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
        {/* The field takes the room its buttons leave, with the day in words under it (short on a phone); the buttons
            stay on its first line, like the assignment's, with "Clear" under "Save" when there is one. Side by side
            with a fixed-width field, "Save" dropped under the words on a 390 px phone. */}
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
          <DateField id={`promise-${row.id}`} fieldClassName="row-span-2" wording="compactOnPhone" value={promise} onChange={(event) => setPromise(event.target.value)} />
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
      <ClosureForm row={row} pending={pending} run={run} />
      <p role="status" className={message?.ok === false ? "text-sm text-red-700" : "text-sm text-emerald-700"}>
        {message?.text}
      </p>
    </div>
  );
}

type Closure = { at: string; by: string | null; reason: CloseReason; note: string };

/**
 * Closing a failure by hand (paid by other means, cancelled, written off, other) with a required note, and reopening
 * it. The dialog keeps what it did since it opened (the list is read again when it closes), so a closure can be
 * undone at once.
 */
function ClosureForm({ row, pending, run }: { row: FailedRenewalRow; pending: boolean; run: ReturnType<typeof useFollowUpAction>["run"] }) {
  const t = useTranslations("failedRenewals.followUp");
  const { locale, timeZone } = useContext(FollowUpContext);
  const [closure, setClosure] = useState<Closure | null>(row.closedAt && row.closeReason ? { at: row.closedAt, by: row.closedByName, reason: row.closeReason, note: row.closeNote ?? "" } : null);
  const [reason, setReason] = useState<CloseReason | null>(null);
  const [note, setNote] = useState("");
  const failureId = row.id;
  const label = "block text-xs font-medium text-slate-700";
  const area = "block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600";
  const facts = closure && (
    <div className="space-y-0.5 rounded-md bg-slate-50 p-2 text-sm text-slate-800" data-testid="closure-facts">
      <p className="font-medium">{closure.by ? t("closedFacts", { name: closure.by, when: formatDateTime(closure.at, locale, timeZone) }) : t("closedFactsNobody", { when: formatDateTime(closure.at, locale, timeZone) })}</p>
      <p>{t("closedReason", { reason: t(`closeReasons.${closure.reason}`) })}</p>
      {closure.note && <p className="whitespace-pre-line text-slate-600 italic">{closure.note}</p>}
    </div>
  );
  // The service recovered it: its recovery won; the closure, if any, is a record.
  if (row.state === "recovered") {
    return closure ? (
      <section className="space-y-2 border-t border-slate-200 pt-3" aria-label={t("close")}>
        <p className="text-sm text-slate-700">{t("recoveredAfterClosure")}</p>
        {facts}
      </section>
    ) : null;
  }
  return (
    <section className="space-y-2 border-t border-slate-200 pt-3" aria-labelledby={`close-${row.id}`}>
      <h3 id={`close-${row.id}`} className="text-sm font-semibold text-slate-900">
        {t("close")}
      </h3>
      <p className="text-xs text-slate-600">{t("ownRecord")}</p>
      {closure ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            run(async () => {
              const result = await reopenFailedRenewalAction({ failureId, note });
              if (result.ok) {
                setClosure(null);
                setNote("");
              }
              return result;
            }, () => t("reopenedSaved"));
          }}
        >
          {facts}
          <label className={label} htmlFor={`reopen-note-${row.id}`}>
            {t("reopenNote")}
          </label>
          <textarea id={`reopen-note-${row.id}`} value={note} required maxLength={1000} rows={2} onChange={(event) => setNote(event.target.value)} className={area} />
          <Button type="submit" variant="secondary" disabled={pending}>
            {t("saveReopen")}
          </Button>
        </form>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = reason;
            run(async () => {
              const result = await closeFailedRenewalAction({ failureId, reason: chosen, note });
              if (result.ok && chosen) {
                setClosure({ at: new Date().toISOString(), by: null, reason: chosen, note: note.trim() });
                setNote("");
                setReason(null);
              }
              return result;
            }, () => t("closedSaved"));
          }}
        >
          <fieldset className="space-y-1">
            <legend className={label}>{t("closeReason")}</legend>
            {CLOSE_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name={`close-reason-${row.id}`} value={value} required checked={reason === value} onChange={() => setReason(value)} />
                {t(`closeReasons.${value}`)}
              </label>
            ))}
          </fieldset>
          <label className={label} htmlFor={`close-note-${row.id}`}>
            {t("closeNote")}
          </label>
          <textarea
            id={`close-note-${row.id}`}
            value={note}
            required
            maxLength={1000}
            rows={2}
            placeholder={t("closeNotePlaceholder")}
            onChange={(event) => setNote(event.target.value)}
            className={area}
          />
          <Button type="submit" disabled={pending}>
            {t("saveClose")}
          </Button>
        </form>
      )}
    </section>
  );
}
