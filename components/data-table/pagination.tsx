"use client";
import { LoaderCircle } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { usePathname, useSearchParams } from "next/navigation";
import { createSerializer, useQueryStates } from "nuqs";
import { useId, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/select";
import { PageLink } from "@/components/ui/page-link";
import { useKeptFocus } from "@/components/ui/kept-focus";
import { listSearchParams, NO_CURSOR, PAGE_SIZES, type PageSize } from "@/lib/list-params";

export type DataTablePaginationProps = {
  /** The API page's cursors (Page<T>.next / .prev): absent at either end of the list. */
  next?: string;
  prev?: string;
  /** Records matching the current filters, when the API says. */
  total?: number;
  /** The total in the list's own words ("244 pagos"); defaults to "244 resultados". */
  formatTotal?: (count: number) => string;
};

const pageSizeParams = { limit: listSearchParams.limit, startingAfter: listSearchParams.startingAfter, endingBefore: listSearchParams.endingBefore };

// The list's URL with one cursor set and the other dropped; the filters (the list's own keys) are kept as they are.
const withCursor = createSerializer(pageSizeParams);

/**
 * Cursor pagination: Previous asks for the records before this page's first (endingBefore = prev), Next for those after
 * its last (startingAfter = next); never both. Real links, so a page opens in a new tab and survives reload.
 */
export function DataTablePagination({ next, prev, total, formatTotal }: DataTablePaginationProps) {
  const t = useTranslations("dataTable");
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [resizing, startTransition] = useTransition();
  const [{ limit }, setPageSize] = useQueryStates(pageSizeParams, { startTransition });
  const sizeId = useId();
  const keptFocus = useKeptFocus<HTMLSelectElement>("list:limit");

  const hrefWith = (cursor: "startingAfter" | "endingBefore", value: string | undefined) =>
    value ? withCursor(`${pathname}?${searchParams}`, { ...NO_CURSOR, [cursor]: value }) : null;

  return (
    <nav aria-label={t("pagination")} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === undefined ? null : formatTotal ? formatTotal(total) : t("total", { count: total })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          {resizing && <SpriteIcon icon={LoaderCircle} className="size-4 animate-spin text-slate-400" />}
          <label htmlFor={sizeId} className="text-sm whitespace-nowrap text-slate-600">
            {t("pageSize")}
          </label>
          <Select
            {...keptFocus}
            id={sizeId}
            value={limit}
            // A new page size starts from the first page: the cursors belong to the old one.
            onChange={(event) => void setPageSize({ limit: Number(event.target.value) as PageSize, ...NO_CURSOR })}
            className="w-20"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <PageLink href={hrefWith("endingBefore", prev)} rel="prev" label={t("previous")} focusKey="list:prev" />
          <PageLink href={hrefWith("startingAfter", next)} rel="next" label={t("next")} focusKey="list:next" />
        </div>
      </div>
    </nav>
  );
}
