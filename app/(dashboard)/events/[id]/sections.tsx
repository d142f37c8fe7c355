import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { eventMoney } from "../rows";
import type { EventDetail } from "./data";
import { ReprocessButton } from "./reprocess-button";
import { subjectHref } from "./subject-href";
import { StatusBadge } from "@/components/detail/status-badge";
import { EVENT_STATUS_TONES } from "@/components/timeline/timeline";
import type { Translator } from "@/lib/i18n/server";

type TimeFormat = { locale: string; timeZone: string };

const heading = "text-sm font-semibold text-slate-900";

/** Both steps a delivery goes through: the secret check (every stored event passed it) and the processing. */
export function OutcomeCard({ event, canReprocess, t }: { event: EventDetail; canReprocess: boolean; t: Translator }) {
  return (
    <Card className="p-4">
      <h2 className={heading}>{t("events.detail.outcome")}</h2>
      <dl className="mt-3 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-500">{t("events.detail.verification")}</dt>
          <dd className="mt-1 inline-flex items-center gap-1.5 text-slate-800">
            <ShieldCheck aria-hidden className="size-4 text-emerald-600" />
            {t("events.detail.verified")}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("events.detail.processing")}</dt>
          <dd className="mt-1 space-y-1">
            <StatusBadge status={event.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />
            <p className="text-slate-700">{t(`events.detail.explain.${event.status}`)}</p>
          </dd>
        </div>
      </dl>
      {event.error && (
        <div className="mt-4 rounded-md bg-red-50 p-3 ring-1 ring-red-200 ring-inset">
          <p className="text-xs font-semibold text-red-800">{t("events.detail.error")}</p>
          <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap text-red-900">{event.error}</p>
        </div>
      )}
      {canReprocess && (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <ReprocessButton id={event.id} />
        </div>
      )}
    </Card>
  );
}

/** A label and its value on one line; `stacked` puts a long value (a key, a hash) under its label instead. */
function Fact({ label, children, stacked }: { label: string; children: ReactNode; stacked?: boolean }) {
  return (
    <div className={stacked ? "py-2" : "flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2"}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={stacked ? "mt-1 text-sm text-slate-800" : "min-w-0 text-right text-sm text-slate-800"}>{children}</dd>
    </div>
  );
}

export function FactsCard({ event, t, time }: { event: EventDetail; t: Translator; time: TimeFormat }) {
  const deliveries = event.duplicateCount + 1;
  // The payload's amount in minor units, formatted: "amount": 100000 in the JSON below is ₡1 000,00.
  const money = eventMoney(event.amount, event.currency);
  return (
    <Card className="p-4">
      <h2 className={heading}>{t("events.detail.facts")}</h2>
      <dl className="mt-2 divide-y divide-slate-100">
        <Fact label={t("events.detail.mode")}>
          <Badge tone={event.mode === "test" ? "warning" : "success"}>{event.mode === "test" ? t("shell.modeTest") : t("shell.modeLive")}</Badge>
        </Fact>
        {money.amount !== null && money.currency !== null && (
          <Fact label={t("events.detail.amount")}>
            <Money amount={BigInt(money.amount)} currency={money.currency} locale={time.locale} className="font-medium tabular-nums" />
          </Fact>
        )}
        <Fact label={t("events.detail.received")}>
          <Time value={event.receivedAt} {...time} />
        </Fact>
        <Fact label={t("events.detail.processed")}>
          {event.processedAt ? <Time value={event.processedAt} {...time} /> : <span className="text-slate-400">{t("events.detail.notProcessed")}</span>}
        </Fact>
        <Fact label={t("events.detail.deliveries")}>
          <span className={deliveries > 1 ? "font-medium text-amber-700" : undefined}>{t("events.deliveries", { count: deliveries })}</span>
        </Fact>
        {event.lastDuplicateAt && (
          <Fact label={t("events.detail.lastDuplicate")}>
            <Time value={event.lastDuplicateAt} {...time} />
          </Fact>
        )}
        <Fact label={t("events.detail.dedupeKey")} stacked>
          <code className="font-mono text-xs break-all text-slate-600">{event.dedupeKey}</code>
        </Fact>
      </dl>
    </Card>
  );
}

export function SubjectsCard({ subjects, t }: { subjects: EventDetail["subjects"]; t: Translator }) {
  return (
    <Card className="p-4">
      <h2 className={heading}>{t("events.detail.subjects")}</h2>
      {subjects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("events.detail.noSubjects")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {subjects.map((subject) => {
            const href = subjectHref(subject.type, subject.id);
            return (
              <li key={`${subject.type}:${subject.id}`} className="py-2">
                <p className="text-xs text-slate-500">{t(`events.subjectType.${subject.type}`)}</p>
                {href ? (
                  <Link href={href} className="font-mono text-sm break-all text-indigo-600 hover:underline">
                    {subject.id}
                  </Link>
                ) : (
                  <p className="font-mono text-sm break-all text-slate-800">{subject.id}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
