"use client";
import { FilterX, Inbox } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { createSerializer, useQueryStates } from "nuqs";
import { useTranslations } from "use-intl";
import { Card } from "@/components/ui/card";
import { listSearchParams, NO_CURSOR } from "@/lib/list-params";

const actionClass = "mt-1 text-sm font-medium text-indigo-600 hover:text-indigo-500";

const serialize = createSerializer(listSearchParams);
const limitParams = { limit: listSearchParams.limit };

/** This list's first page: with its filters, or (`cleared`) with its page size only. */
function useFirstPageHref() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [{ limit }] = useQueryStates(limitParams);
  return (cleared: boolean) => (cleared ? serialize(pathname, { limit }) : serialize(`${pathname}?${searchParams}`, NO_CURSOR));
}

/**
 * No rows, and why: nothing matches the filters, the cursor led past the end, or there is nothing yet at all.
 * `title`/`body` word the last case for the list ("Todavía no hay pagos").
 */
export function DataTableEmpty({ filtered, paged, title, body }: { filtered: boolean; paged: boolean; title?: string; body?: string }) {
  const t = useTranslations("dataTable");
  const firstPage = useFirstPageHref();
  const [heading, text, action] = filtered
    ? [t("noMatchTitle"), t("noMatchBody"), { href: firstPage(true), label: t("reset") }]
    : paged
      ? [t("pastEndTitle"), t("pastEndBody"), { href: firstPage(false), label: t("firstPage") }]
      : [title ?? t("emptyTitle"), body ?? t("emptyBody"), null];
  const Icon = filtered ? FilterX : Inbox;
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-16 text-center">
      <SpriteIcon icon={Icon} className="size-8 text-slate-300" />
      <p className="text-sm font-medium text-slate-700">{heading}</p>
      <p className="max-w-md text-sm text-slate-500">{text}</p>
      {action && (
        <Link href={action.href} className={actionClass}>
          {action.label}
        </Link>
      )}
    </div>
  );
}

/** Stands in for the table while the Payment Service answers: the same frame, so nothing jumps when rows arrive. */
export function DataTableSkeleton({ columns = 6, rows = 8 }: { columns?: number; rows?: number }) {
  const t = useTranslations("dataTable");
  return (
    <Card className="overflow-hidden" aria-busy="true">
      <p role="status" className="sr-only">
        {t("loading")}
      </p>
      <div className="flex h-10 items-center justify-end border-b border-slate-200 px-4">
        <div className="h-5 w-24 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="h-10 border-b border-slate-200 bg-slate-50" />
      {/* The bars' look is said once, in `skeleton-rows` (app/globals.css), not on each of up to 10 × 10 bars: the skeleton
          is in every list's HTML. A class, not a style attribute: the page's CSP refuses style attributes. */}
      <div className="skeleton-rows">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row}>
            {Array.from({ length: columns }, (_, column) => (
              <div key={column} />
            ))}
          </div>
        ))}
      </div>
      <div className="h-14 border-t border-slate-200" />
    </Card>
  );
}
