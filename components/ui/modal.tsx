"use client";
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { cn } from "./cn";
import { SpriteIcon } from "./sprite";

/**
 * The app's one dialog: a native modal <dialog> (showModal), so focus stays inside, the page behind is inert and Escape
 * closes it without code of ours. It is named by its title, focus moves into it when it opens and goes back to the
 * control that opened it when it closes. Its content exists only while it is open: what it showed (an onboarding link,
 * a row's follow-up forms) leaves the page when it closes. Needs the catalog's `ui.modal` (its close button's name).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  testId,
  className,
}: {
  open: boolean;
  /** Called however it closes (Escape, its close button, `open` turned false); the parent then sets `open` false. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const t = useTranslations("ui.modal");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const giveFocusBack = () => {
    const dialog = ref.current;
    const back = opener.current;
    opener.current = null;
    // Only if the focus is still ours to give: another dialog opened in the meantime (a link shown after a form) keeps it.
    const active = document.activeElement;
    if (back?.isConnected && (!active || active === document.body || dialog?.contains(active))) back.focus();
  };

  return (
    <dialog
      ref={ref}
      onClose={() => {
        giveFocusBack();
        onClose();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-0 text-left whitespace-normal shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40",
        className,
      )}
    >
      {open && (
        <div className="relative p-5">
          <h2 id={titleId} className="pr-8 text-base font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
          {/* After the content, so that opening focuses the dialog's first field or action, not this. */}
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label={t("close")}
            title={t("close")}
            className="absolute top-3.5 right-3.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <SpriteIcon icon={X} className="size-4" />
          </button>
        </div>
      )}
    </dialog>
  );
}
