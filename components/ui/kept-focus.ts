"use client";
import { useCallback } from "react";

// A list's controls live in its page, and Next keys a page by its search params: applying a filter, clearing them,
// Next/Previous and a new page size each mount a new page, and the control the operator used is replaced by a new
// element while focus falls to the body. Each such control carries a focus key (`useKeptFocus`); the last one focused
// is remembered, and its replacement takes the focus back when it mounts, as long as nothing else has taken it since.

const ATTRIBUTE = "data-focus-key";
// Long enough for a slow list to answer; after that a control that appears does not take the focus.
const KEEP_MS = 15_000;

let last: { key: string; at: number } | null = null;
let listening = false;

function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  document.addEventListener("focusin", (event) => {
    const key = event.target instanceof Element ? event.target.closest(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE) : null;
    last = key ? { key, at: Date.now() } : null;
  });
}

/**
 * Props for a control whose focus survives the page being re-mounted: `<select {...useKeptFocus("filter:status")} />`.
 * The key names the control, unique on the page.
 */
export function useKeptFocus<T extends HTMLElement>(key: string) {
  const ref = useCallback(
    (element: T | null) => {
      listen();
      if (!element || last?.key !== key || Date.now() - last.at > KEEP_MS) return;
      const active = document.activeElement;
      if (active && active !== document.body && active !== element) return;
      element.focus({ preventScroll: true });
    },
    [key],
  );
  return { ref, [ATTRIBUTE]: key };
}
