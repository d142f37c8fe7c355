import { describe, expect, it } from "vitest";
import { parseCsv } from "@/scripts/test/read-csv";
import { exportResponse } from "@/lib/export/response";
import { exportTranslator } from "@/lib/export/translator";
import type { Translator } from "@/lib/i18n/server";
import { filterControls } from "./list-page";
import { findList, LISTS } from "./lists";
import { navItems } from "./nav";
import { SHIPPING_RATES, shippingRatesSource } from "./_fixture/shipping-rates/source";

// A list added the way a new one is (_fixture/shipping-rates: its folder, registered beside the others), seen through
// the shared shape: the sidebar, the toolbar, the URL state and the CSV export all take it with no code of their own.

const registry = [...LISTS, shippingRatesSource];
const t = exportTranslator("es");

async function exportCsv(query: Record<string, string>) {
  const response = await exportResponse({
    name: "shipping-rates",
    list: findList("shipping-rates", registry)!.export,
    query: new URLSearchParams(query),
    context: { mode: "test", timeZone: "America/Costa_Rica", client: () => { throw new Error("no service"); }, db: () => { throw new Error("no database"); } },
    t,
  });
  return { status: response.status, rows: parseCsv(await response.text()) };
}

describe("a list added as a folder", () => {
  it("is in the sidebar at its declared place", () => {
    const hrefs = navItems(registry).map((item) => item.href);
    expect(hrefs.slice(hrefs.indexOf("/products"), hrefs.indexOf("/products") + 3)).toEqual(["/products", "/shipping-rates", "/events"]);
  });

  it("gets its toolbar from its filters, in their order and in the operator's language", () => {
    const controls = filterControls(shippingRatesSource.list, t as unknown as Translator);
    expect(controls.map((control) => control.kind)).toEqual(["select", "range", "text"]);
    expect(controls[0]).toMatchObject({ key: "status", label: "Estado", values: ["active", "archived"] });
    expect(shippingRatesSource.list.filterKeys).toEqual(["status", "from", "to", "zone"]);
  });

  it("exports the whole filtered list through the shared route, paging 100 at a time", async () => {
    const all = await exportCsv({});
    expect(all.status).toBe(200);
    expect(all.rows[0]).toEqual(["Creado (America/Costa_Rica)", "Estado", "Monto", "Moneda", "ID"]);
    expect(all.rows.slice(1).map((row) => row[4])).toEqual(SHIPPING_RATES.map((rate) => rate.id));

    // The filters are the URL's; its cursor is the page's, not the file's: the file starts at the list's beginning.
    const archived = await exportCsv({ status: "archived", zone: "Guanacaste", startingAfter: "shr_140" });
    const expected = SHIPPING_RATES.filter((rate) => rate.status === "archived" && rate.zone === "Guanacaste");
    expect(archived.rows.slice(1).map((row) => [row[1], row[2], row[4]])).toEqual(expected.map((rate) => ["archived", (rate.amount / 100).toFixed(2), rate.id]));
  });
});
