"use client";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { IssuedLink } from "@/lib/marketplace/link";
import { LinkDialog } from "../_components/link-dialog";
import { Modal } from "@/components/ui/modal";
import { issueOnboardingLinkAction } from "../actions";

/** "Generate new link" (admins): a confirmation that the previous link stops working, then the new link once. */
export function RegenerateLink({ accountId, businessName }: { accountId: string; businessName: string }) {
  const t = useTranslations();
  const [confirming, setConfirming] = useState(false);
  const [link, setLink] = useState<IssuedLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const confirm = () =>
    startTransition(async () => {
      setProblem(null);
      const result = await issueOnboardingLinkAction({ accountId, businessName });
      if (result.ok) {
        setConfirming(false);
        setLink(result.link);
      } else {
        setProblem(result.error === "service" ? (result.problem.detail ?? t("marketplace.errors.failed")) : t("marketplace.errors.failed"));
      }
    });
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden className="size-4" />
        {t("marketplace.regenerate.button")}
      </Button>
      <Modal open={confirming} onClose={() => (setConfirming(false), setProblem(null))} title={t("marketplace.regenerate.confirmTitle")}>
        <p className="text-sm text-slate-700">{t("marketplace.regenerate.confirmBody")}</p>
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
            {t("marketplace.regenerate.cancel")}
          </Button>
          <Button onClick={confirm} disabled={pending} aria-busy={pending}>
            {pending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            {pending ? t("marketplace.regenerate.pending") : t("marketplace.regenerate.confirm")}
          </Button>
        </div>
      </Modal>
      <LinkDialog link={link} kind="issued" onClose={() => setLink(null)} />
    </>
  );
}
