"use client";
import { LoaderCircle, Plus } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { IssuedLink } from "@/lib/marketplace/link";
import { BUSINESS_NAME_MAX, createSellerSchema, fieldErrorsOf, type FieldErrors, type SellerField } from "@/lib/marketplace/seller-input";
import { createSellerAction } from "../actions";
import { Field } from "./field";
import { useFieldErrorText } from "./field-error";
import { LinkDialog } from "./link-dialog";
import { Modal } from "@/components/ui/modal";

/** "Create seller" (admins only): the form in a dialog, checked here with the server's schema, then the link once. */
export function CreateSeller() {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [fee, setFee] = useState("");
  const [errors, setErrors] = useState<FieldErrors<SellerField>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<IssuedLink | null>(null);
  const [pending, startTransition] = useTransition();
  const fieldErrorText = useFieldErrorText();

  const reset = () => {
    setName("");
    setFee("");
    setErrors({});
    setProblem(null);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const fields = { businessName: name, appFee: fee };
    const checked = createSellerSchema.safeParse(fields);
    setProblem(null);
    // Refused here: nothing is sent.
    if (!checked.success) return setErrors(fieldErrorsOf<SellerField>(checked.error));
    setErrors({});
    startTransition(async () => {
      const result = await createSellerAction(fields);
      if (result.ok) {
        setOpen(false);
        reset();
        setLink(result.link);
        return;
      }
      if ("fieldErrors" in result && result.fieldErrors) setErrors(result.fieldErrors);
      setProblem(result.error === "service" ? (result.problem.detail ?? t("marketplace.errors.failed")) : result.error === "invalid_input" ? null : t("marketplace.errors.failed"));
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden className="size-4" />
        {t("marketplace.create.button")}
      </Button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        title={t("marketplace.create.title")}
      >
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("marketplace.create.title")}>
          <p className="text-sm text-slate-600">{t("marketplace.create.intro")}</p>
          <Field
            id="seller-business-name"
            label={t("marketplace.create.businessName")}
            hint={t("marketplace.create.businessNameHint")}
            error={fieldErrorText(errors.businessName)}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            // One over the limit can be typed, so that the error says why rather than the field silently stopping.
            maxLength={BUSINESS_NAME_MAX + 10}
          />
          <Field
            id="seller-app-fee"
            label={t("marketplace.create.appFee")}
            hint={t("marketplace.create.appFeeHint")}
            error={fieldErrorText(errors.appFee)}
            value={fee}
            onChange={(event) => setFee(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
          />
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => (setOpen(false), reset())} disabled={pending}>
              {t("marketplace.create.cancel")}
            </Button>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
              {pending ? t("marketplace.create.submitting") : t("marketplace.create.submit")}
            </Button>
          </div>
        </form>
      </Modal>
      <LinkDialog link={link} kind="created" onClose={() => setLink(null)} />
    </>
  );
}
