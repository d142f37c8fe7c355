import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { describe, expect, it } from "vitest";
import { CATALOGS, FORMAT_LOCALE } from "@/lib/i18n/config";
import { dataTableColumnHelper } from "./columns";
import { DataTable } from "./data-table";

// The table as the server draws it (the first HTML of every list page): the operator's hidden columns left out of
// the header and of every row, each row's first cell its link, and a field column with no cell of its own as text.

type Row = { id: string; name: string; attempts: number; note: string | null };
const column = dataTableColumnHelper<Row>();
const columns = [
  column.accessor("name", { header: "Nombre", meta: { label: "Nombre" }, cell: ({ row }) => createElement("b", null, row.original.name) }),
  column.accessor("attempts", { header: "Intentos", meta: { label: "Intentos", align: "end" } }),
  column.display({ id: "note", header: "Nota", meta: { label: "Nota" }, cell: ({ row }) => row.original.note ?? "—" }),
];
const rows: Row[] = [
  { id: "r_1", name: "Ana", attempts: 2, note: "llamar" },
  { id: "r_2", name: "Luis", attempts: 0, note: null },
];

function render(visibility: Record<string, boolean> | undefined, tableColumns = columns) {
  const table = createElement(DataTable<Row>, {
    caption: "Filas",
    columns: tableColumns,
    rows,
    getRowId: (row) => row.id,
    rowHref: (row) => `/rows/${row.id}`,
    initialColumnVisibility: visibility,
  });
  // eslint-disable-next-line react/no-children-prop -- no JSX in a .ts test, and IntlProvider's props require children
  const intl = createElement(IntlProvider, { locale: FORMAT_LOCALE.es, messages: CATALOGS.es, timeZone: "America/Costa_Rica", children: table });
  return renderToString(createElement(AppRouterContext, { value: {} as AppRouterInstance }, intl));
}

const cellsOf = (html: string, tag: "th" | "td") => [...html.matchAll(new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, "g"))].map((match) => match[1]!.replace(/<[^>]+>/g, ""));

describe("DataTable", () => {
  it("draws every column in order, each row's first cell as its link, and a bare field column as text", () => {
    const html = render({});
    expect(cellsOf(html, "th")).toEqual(["Nombre", "Intentos", "Nota"]);
    expect(cellsOf(html, "td")).toEqual(["Ana r_1", "2", "llamar", "Luis r_2", "0", "—"]);
    expect(html).toContain('<a href="/rows/r_1"><b>Ana</b>');
    expect(html).toMatch(/<th scope="col" class="cell-end">Intentos<\/th>/);
  });

  it("leaves out the columns the operator hid, in the header and in every row, and the link moves to the first shown", () => {
    const html = render({ name: false, attempts: true });
    expect(cellsOf(html, "th")).toEqual(["Intentos", "Nota"]);
    expect(cellsOf(html, "td")).toEqual(["2 r_1", "llamar", "0 r_2", "—"]);
    expect(html).toContain('<a href="/rows/r_2">0');
    // The menu's button counts the hidden column.
    expect(html.replace(/<!-- -->/g, "")).toMatch(/Columnas<span[^>]*>\(1 oculta\)/);
  });

  it("leaves out a column hidden by default until the operator's saved choice shows it", () => {
    const secondary = [...columns.slice(0, 2), column.display({ id: "note", header: "Nota", meta: { label: "Nota", hiddenByDefault: true }, cell: ({ row }) => row.original.note ?? "—" })];
    expect(cellsOf(render(undefined, secondary), "th")).toEqual(["Nombre", "Intentos"]);
    expect(cellsOf(render({ attempts: false }, secondary), "th")).toEqual(["Nombre"]);
    expect(cellsOf(render({ note: true }, secondary), "th")).toEqual(["Nombre", "Intentos", "Nota"]);
  });

  it("keeps a sticky column's header and cells at the right edge (cell-sticky-end)", () => {
    const action = [...columns.slice(0, 2), column.display({ id: "note", header: "Nota", meta: { label: "Nota", sticky: "end" }, cell: ({ row }) => row.original.note ?? "—" })];
    const html = render({}, action);
    expect(html).toMatch(/<th scope="col" class="cell-sticky-end">Nota<\/th>/);
    expect(html.match(/<td class="cell-sticky-end">/g)).toHaveLength(2);
  });
});
