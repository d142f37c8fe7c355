import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { cn } from "@/components/ui/cn";

const linkClass = "inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset";

/**
 * Previous/next links for a related list paged by the API's cursors (real links: a page of renewals can be shared).
 * The hrefs are built by the page, which knows its own search-param names; null disables that direction.
 */
export function CursorLinks({ label, prev, next, summary }: { label: string; prev: { href: string | null; label: string }; next: { href: string | null; label: string }; summary?: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{summary}</p>
      <div className="flex gap-2">
        <PageLink {...prev} icon="prev" />
        <PageLink {...next} icon="next" />
      </div>
    </nav>
  );
}

function PageLink({ href, label, icon }: { href: string | null; label: string; icon: "prev" | "next" }) {
  const Icon = icon === "prev" ? ChevronLeft : ChevronRight;
  const content = icon === "prev" ? [<Icon key="i" aria-hidden className="size-4" />, label] : [label, <Icon key="i" aria-hidden className="size-4" />];
  if (!href) return <span aria-disabled="true" className={cn(linkClass, "cursor-not-allowed text-slate-300 ring-slate-200")}>{content}</span>;
  return (
    <Link href={href} rel={icon} scroll={false} className={cn(linkClass, "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50")}>
      {content}
    </Link>
  );
}
