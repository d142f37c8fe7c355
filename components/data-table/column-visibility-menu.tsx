"use client";
import type { RowData, Table } from "@tanstack/react-table";
import { Columns3 } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { useId, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { useTranslations } from "use-intl";
import type { DataTableFeatures } from "./columns";

type Props<Row extends RowData> = {
  table: Pick<Table<DataTableFeatures, Row>, "getAllLeafColumns" | "getVisibleLeafColumns" | "toggleAllColumnsVisible">;
};

/** Which columns to show. The choice is the operator's and is remembered (DataTable saves it). */
export function ColumnVisibilityMenu<Row extends RowData>({ table }: Props<Row>) {
  const t = useTranslations("dataTable");
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(open, ref, setOpen);

  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const visibleCount = table.getVisibleLeafColumns().length;
  const hiddenCount = columns.filter((column) => !column.getIsVisible()).length;

  return (
    <div
      ref={ref}
      className="relative shrink-0"
      // Escape inside the panel closes it and gives the focus back to its button (the checkbox it was on is gone), and
      // tabbing out of the panel closes it: an open panel the focus has left only hides the table.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        trigger.current?.focus();
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        <SpriteIcon icon={Columns3} className="size-3.5" />
        {t("columns")}
        {hiddenCount > 0 && <span className="text-slate-500">({t("hiddenCount", { count: hiddenCount })})</span>}
      </button>
      {open && (
        <div id={panelId} className="absolute right-0 z-30 mt-2 w-56 rounded-md bg-white py-2 shadow-lg ring-1 ring-slate-200">
          <fieldset>
            <legend className="px-3 pb-1 text-xs font-semibold text-slate-500">{t("columnsLegend")}</legend>
            {columns.map((column) => {
              const visible = column.getIsVisible();
              return (
                <label key={column.id} className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={visible}
                    // The last visible column stays: a table of no columns looks broken, not filtered.
                    disabled={visible && visibleCount === 1}
                    onChange={(event) => column.toggleVisibility(event.target.checked)}
                    className="size-4 rounded border-slate-300 accent-indigo-600"
                  />
                  {column.columnDef.meta?.label ?? column.id}
                </label>
              );
            })}
          </fieldset>
          {hiddenCount > 0 && (
            <button
              type="button"
              onClick={() => table.toggleAllColumnsVisible(true)}
              className="mt-1 w-full border-t border-slate-100 px-3 pt-2 text-left text-xs font-medium text-indigo-600 hover:text-indigo-500"
            >
              {t("showAllColumns")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
