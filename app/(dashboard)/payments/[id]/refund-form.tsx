"use client";
import { CheckCircle2, Undo2 } from "lucide-react";
import { useRef, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Money } from "@/components/ui/money";
import { checkRefundFields, type CheckedRefund, type CreateRefundResult, type FirstRefund, type RefundFieldErrors, type RefundProblem } from "@/lib/refunds/refund-input";
import { createRefundAction } from "./actions";
import { RefundConfirm } from "./refund-confirm";
import { RefundFields, type RefundValues } from "./refund-fields";
import { RefundProblemBox, type LocalProblem } from "./refund-problem";
import { RefundReplayBox } from "./refund-replay";

type Props = { paymentIntentId: string; currency: string; remaining: number; refundable: boolean; locale: string; requestKey: string };
type Done = Extract<CreateRefundResult, { ok: true }>;

const EMPTY: RefundValues = { amount: "", reason: "", description: "" };
const LOCAL: Record<string, LocalProblem> = { stale: "stale", forbidden: "forbidden", invalid_input: "invalidInput", key_reused: "keyReused" };

/**
 * Fill in, review, confirm, see the result. The values live in state, not in the form element, so an error never
 * clears what was typed. `remaining` and `requestKey` come from the server and are re-read after every answer the
 * service gave (the action refreshes): a new key for each refund, the same one for a retry after no answer at all.
 */
export function RefundForm({ paymentIntentId, currency, remaining, refundable, locale, requestKey }: Props) {
  const t = useTranslations();
  const [step, setStep] = useState<"closed" | "edit" | "confirm">("closed");
  // What was reviewed, as read then: the page's figures change under the confirmation once the refund lands.
  const [reviewed, setReviewed] = useState<{ refund: CheckedRefund; remaining: number } | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<RefundFieldErrors>({});
  const [problem, setProblem] = useState<RefundProblem | LocalProblem | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [replayed, setReplayed] = useState<FirstRefund | null>(null);
  const [pending, startTransition] = useTransition();
  // A ref, not state: a second click in the same instant arrives before React has re-rendered the button disabled.
  const sending = useRef(false);

  const open = () => {
    setValues(EMPTY);
    setErrors({});
    setProblem(null);
    setDone(null);
    setReplayed(null);
    setStep("edit");
  };
  const review = () => {
    const checked = checkRefundFields(values, currency, remaining);
    setProblem(null);
    setErrors(checked.ok ? {} : checked.fieldErrors);
    if (!checked.ok) return;
    setReviewed({ refund: checked.value, remaining });
    setStep("confirm");
  };
  const confirm = () => {
    if (pending || sending.current) return;
    sending.current = true;
    startTransition(async () => {
      let result: CreateRefundResult;
      try {
        result = await createRefundAction({ paymentIntentId, currency, ...values, requestKey });
      } catch {
        sending.current = false;
        // No answer from our own server: the refund may have been sent before it failed.
        startTransition(() => {
          setProblem("noAnswer");
          setStep("edit");
        });
        return;
      }
      // Inside the transition again (React does not carry it past an await), so the answer shows together with the
      // page the action refreshed: never "refund made" next to the old amount left.
      sending.current = false;
      startTransition(() => {
        if (result.ok) {
          setDone(result);
          setStep("closed");
          return;
        }
        if (result.error === "already_submitted") {
          // Sent before: what that first request did is the answer, and nothing new was asked of the service.
          setReplayed(result.first);
          setStep("closed");
          return;
        }
        setErrors(result.fieldErrors ?? {});
        setProblem(result.problem ?? LOCAL[result.error] ?? "invalidInput");
        setStep("edit");
      });
    });
  };

  return (
    <div className="space-y-3">
      {done && (
        <div role="status" className="flex gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <div className="min-w-0">
            <p className="font-semibold">
              {t("refund.done")}: <Money amount={done.refund.amount} currency={done.refund.currency} locale={locale} /> {done.refund.currency}
            </p>
            <p className="mt-0.5">{t("refund.doneBody")}</p>
            <p className="mt-0.5 text-xs">
              {t("refund.reference")}: <span className="font-mono break-all">{done.refund.id}</span>
            </p>
            {!done.audited && <p className="mt-1 font-medium text-red-700">{t("refund.notAudited")}</p>}
          </div>
        </div>
      )}

      {replayed && <RefundReplayBox first={replayed} locale={locale} />}

      {step === "closed" && refundable && (
        <Button variant={done ? "secondary" : "primary"} onClick={open}>
          <Undo2 aria-hidden className="size-4" />
          {done ? t("refund.another") : t("refund.open")}
        </Button>
      )}

      {step !== "closed" && (
        <form
          aria-label={t("refund.formLabel")}
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (step === "edit") review();
          }}
        >
          {problem && <RefundProblemBox problem={problem} />}
          {step === "edit" ? (
            <>
              <RefundFields values={values} errors={errors} currency={currency} remaining={remaining} locale={locale} onChange={setValues} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit">{t("refund.review")}</Button>
                <Button type="button" variant="ghost" onClick={() => setStep("closed")}>
                  {t("refund.cancel")}
                </Button>
              </div>
            </>
          ) : (
            reviewed && (
              <RefundConfirm {...reviewed} currency={currency} locale={locale} pending={pending} onConfirm={confirm} onBack={() => setStep("edit")} />
            )
          )}
        </form>
      )}
    </div>
  );
}
