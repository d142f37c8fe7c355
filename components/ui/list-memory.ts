"use client";

// The list an operator was working in, per list path, for this tab (sessionStorage): its filters, page and queue. A way
// back to that list (BackLink) leads there, not to the bare list, so a decision or a look at a detail costs no refilter.

const key = (pathname: string) => `bo:list:${pathname}`;

/** Records the list's current URL (its path and query); nothing when storage is unavailable. */
export function rememberListUrl(pathname: string, search: string) {
  try {
    sessionStorage.setItem(key(pathname), search ? `${pathname}?${search}` : pathname);
  } catch {
    // Storage refused (private mode, quota): the way back is the bare list.
  }
}

/** The URL last recorded for this list path in this tab, if it is one of its own (same path). */
export function rememberedListUrl(pathname: string): string | null {
  try {
    const url = sessionStorage.getItem(key(pathname));
    return url && (url === pathname || url.startsWith(`${pathname}?`)) ? url : null;
  } catch {
    return null;
  }
}
