"use client";
import { useEffect, useRef } from "react";
import { PageLink } from "@/components/ui/page-link";

type Direction = { href: string | null; label: string };

/**
 * Newer/older links for a related list on a detail page, paged by the API's cursors (real links: a page of renewals
 * can be shared). The page builds the hrefs, since it knows its own search-param names; null disables that direction.
 *
 * Focus stays here across the pages: at the list's end the link just followed becomes a disabled label, and focus
 * would otherwise fall to the page's body, sending a keyboard user back to the top of the page.
 */
export function CursorLinks({ label, prev, next }: { label: string; prev: Direction; next: Direction }) {
  const nav = useRef<HTMLElement>(null);
  const focusedHere = useRef(false);
  useEffect(() => {
    const element = nav.current;
    if (!element || !focusedHere.current || element.contains(document.activeElement)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    (element.querySelector<HTMLElement>("a[href]") ?? element).focus();
  }, [prev.href, next.href]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      tabIndex={-1}
      onFocus={() => (focusedHere.current = true)}
      // A link removed while focused blurs with no new target: that is the case to repair, not the operator leaving.
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) focusedHere.current = false;
      }}
      className="flex justify-end gap-2 outline-none"
    >
      <PageLink {...prev} rel="prev" scroll={false} />
      <PageLink {...next} rel="next" scroll={false} />
    </nav>
  );
}
