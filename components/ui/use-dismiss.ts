"use client";
import { useEffect, type RefObject } from "react";

/**
 * While a popup is open, closes it on Escape or on a press outside `ref` (its trigger and panel). Takes the popup's
 * state setter, which React keeps stable, so the listeners are added once per opening.
 */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const dismiss = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", dismiss);
    document.addEventListener("keydown", dismiss);
    return () => {
      document.removeEventListener("mousedown", dismiss);
      document.removeEventListener("keydown", dismiss);
    };
  }, [open, ref, setOpen]);
}
