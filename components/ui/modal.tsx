"use client";
import { X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { cn } from "./cn";
import { SpriteIcon } from "./sprite";

const placements = {
  // A form or a confirmation, in the middle of the screen.
  center: "m-auto w-[calc(100%-2rem)] max-w-lg",
  // A palette (the Ctrl/Cmd+K search): near the top, so its results grow downwards without moving the field.
  top: "mx-auto mt-[8vh] w-[calc(100%-1rem)] max-w-xl",
};

/**
 * The app's one dialog: a native modal <dialog> (showModal), so focus stays inside, the page behind is inert and Escape
 * closes it without code of ours. It is named by its title, focus moves into it when it opens (to its first field or
 * action) and goes back to the control that opened it when it closes. Its content exists only
 * while it is open: what it showed (an onboarding link, a row's follow-up forms, a search's results) leaves the page
 * when it closes. Needs the catalog's `ui.modal` (its close button's name).
 *
 * `bare` leaves the frame to the content: the title is for screen readers only and there is no close button of ours
 * (the content brings its own, calling `onClose`). `closeOnBackdrop` closes it on a click outside it, for dialogs that
 * hold nothing one could lose (not a half-filled form).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  testId,
  className,
  variant = "card",
  placement = "center",
  closeOnBackdrop = false,
  escapeCloses = true,
}: {
  open: boolean;
  /** Called however it closes (Escape, its close button, the backdrop, `open` turned false); the parent then sets `open` false.
   *  It can be called twice for one close (the request, then the close itself), so it must not mind being repeated. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
  variant?: "card" | "bare";
  placement?: keyof typeof placements;
  closeOnBackdrop?: boolean;
  /** False for a dialog that shows something once (an onboarding link): only its own buttons close it, not a stray Escape. */
  escapeCloses?: boolean;
}) {
  const t = useTranslations("ui.modal");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  // What the parent wants now, as of its last commit (before this component's effects run), and whether the <dialog>'s
  // last close was this component's own (`open` turned false) rather than the browser's.
  const wanted = useRef(open);
  const closedHere = useRef(false);
  useLayoutEffect(() => {
    wanted.current = open;
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Guarded: React's development double-run of effects must not open it twice.
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      closedHere.current = true;
      dialog.close();
    }
  }, [open]);

  const giveFocusBack = () => {
    const dialog = ref.current;
    const back = opener.current;
    opener.current = null;
    // Only if the focus is still ours to give: another dialog opened in the meantime (a link shown after a form) keeps it.
    const active = document.activeElement;
    if (back?.isConnected && (!active || active === document.body || dialog?.contains(active))) back.focus();
  };

  // The <dialog> has no padding, so a press whose target is the element itself landed on its ::backdrop. Both the press
  // and the release must: selecting the field's text and letting go outside is not a request to close.
  const backdrop = closeOnBackdrop
    ? {
        onPointerDown: (event: PointerEvent) => void (pressedOnBackdrop.current = event.target === ref.current),
        onClick: (event: MouseEvent) => {
          if (pressedOnBackdrop.current && event.target === ref.current) onClose();
          pressedOnBackdrop.current = false;
        },
      }
    : {};

  const bare = variant === "bare";
  return (
    <dialog
      ref={ref}
      // Escape asks the parent first, like the close button and the backdrop: the <dialog> closes (and the browser puts the
      // focus back on the opener) only once `open` is false, so an Enter on the opener right then opens it again instead of
      // being lost between a native close and the parent's state catching up. Chrome may refuse the cancel (no user
      // activation since the last one); then it closes natively and the close event below tells the parent.
      onCancel={(event) => {
        event.preventDefault();
        if (escapeCloses) onClose();
      }}
      // Escape is taken before the browser's own close request: a cancel Chrome refuses (no user activation since the
      // last one) closed the <dialog> natively while the parent still held it open, and an Enter on the opener in that
      // moment set `open` to the true it already was, then the late close event set it false: the Enter was lost.
      // Handled here, the dialog closes only once the parent says so.
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        if (escapeCloses) onClose();
      }}
      // The close event comes a task after the close. When the close was this component's and the parent has since asked
      // for the dialog again (an Enter on the opener right after Escape: the key's task can run before the close
      // event's), the event is history: passed on, it set `open` false again and the dialog never reopened.
      onClose={() => {
        const echo = closedHere.current;
        closedHere.current = false;
        if (echo && wanted.current) return;
        giveFocusBack();
        onClose();
      }}
      {...backdrop}
      aria-labelledby={titleId}
      data-testid={testId}
      className={cn(
        placements[placement],
        "rounded-lg bg-white p-0 text-left whitespace-normal shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40",
        className,
      )}
    >
      {open &&
        (bare ? (
          <>
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
            {children}
          </>
        ) : (
          <div className="relative p-5">
            <h2 id={titleId} className="pr-8 text-base font-semibold text-slate-900">
              {title}
            </h2>
            <div className="mt-3">{children}</div>
            {/* After the content, so that opening focuses the dialog's first field or action, not this. */}
            <button
              type="button"
              onClick={onClose}
              aria-label={t("close")}
              title={t("close")}
              className="absolute top-3.5 right-3.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <SpriteIcon icon={X} className="size-4" />
            </button>
          </div>
        ))}
    </dialog>
  );
}
