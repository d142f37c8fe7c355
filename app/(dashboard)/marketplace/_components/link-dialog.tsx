"use client";
import { oneFinalStop } from "@/lib/format/sentence";
import { Check, Copy, Mail } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { IssuedLink } from "@/lib/marketplace/link";
import { Modal } from "@/components/ui/modal";

/**
 * The onboarding link, shown once: right after the seller is created or a new link is issued. It lives in this
 * dialog's state only; closing the dialog drops it, and nothing else on the page ever held it.
 */
export function LinkDialog({ link, kind, onClose }: { link: IssuedLink | null; kind: "created" | "issued"; onClose: () => void }) {
  const t = useTranslations();
  const format = useFormatter();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  const mailto = link
    ? `mailto:?subject=${encodeURIComponent(t("marketplace.link.emailSubject"))}&body=${encodeURIComponent(`${t("marketplace.link.emailBody")}\n\n${link.url}`)}`
    : undefined;
  return (
    // Shown once: a stray Escape does not close it (its buttons and the × do).
    <Modal
      open={link !== null}
      onClose={close}
      escapeCloses={false}
      title={t(kind === "created" ? "marketplace.link.createdTitle" : "marketplace.link.issuedTitle")}
      testId="onboarding-link-dialog"
    >
      {link && (
        <div className="space-y-3">
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">{t("marketplace.link.once")}</p>
          <label htmlFor="onboarding-link" className="block text-sm font-medium text-slate-800">
            {t("marketplace.link.label", { name: link.businessName })}
          </label>
          <input
            id="onboarding-link"
            readOnly
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-300 ring-inset"
          />
          <p className="text-sm text-slate-600">{oneFinalStop(t("marketplace.link.expires", { when: format.dateTime(new Date(link.expiresAt), { dateStyle: "long", timeStyle: "short" }) }))}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={copy}>
              {copied === "yes" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
              {copied === "yes" ? t("marketplace.link.copied") : t("marketplace.link.copy")}
            </Button>
            <a
              href={mailto}
              className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              <Mail aria-hidden className="size-4" />
              {t("marketplace.link.email")}
            </a>
            {kind === "created" ? (
              <Link
                href={`/marketplace/${encodeURIComponent(link.accountId)}`}
                onClick={close}
                className="ml-auto inline-flex items-center rounded-md px-3.5 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
              >
                {t("marketplace.link.openSeller")}
              </Link>
            ) : null}
            <Button variant="ghost" onClick={close} className={kind === "created" ? undefined : "ml-auto"}>
              {t("marketplace.link.close")}
            </Button>
          </div>
          <p role="status" className="text-sm text-red-700">
            {copied === "failed" ? t("marketplace.link.copyFailed") : ""}
          </p>
        </div>
      )}
    </Modal>
  );
}
