import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportCsv } from "@/scripts/test/export-csv";
import { exportTranslator } from "@/lib/export/translator";
import type { Translator } from "@/lib/i18n/server";
import { createPaymentClient } from "@/lib/payments/client";
import { sendJson, startLocalServer, type LocalServer } from "@/lib/payments/test-utils/local-server";
import { filterControls } from "./list-page";
import { LISTS } from "./lists";
import { navItems } from "./nav";
import { shippingRatesSource } from "./shipping-rates/source";

// The last list added, /shipping-rates, was added the way every new one is: its folder (list.ts, rows.ts, source.ts,
// columns.tsx, page.tsx), one line in lists.ts and its catalog keys — no code of its own in the sidebar, the toolbar,
// the URL state or the CSV export. Seen here through those shared parts, against a real HTTP server that answers
// /v1/shipping-rates with the spec's list envelope and cursors (150 rates: more than one export page of 100).

const RATES = Array.from({ length: 150 }, (_, index) => ({
  id: `shr_${String(150 - index).padStart(3, "0")}`,
  displayName: index % 2 ? "Envío GAM" : "Envío Guanacaste",
  description: null,
  amount: 150_000 + index,
  currency: "CRC",
  isActive: index % 3 !== 0,
  deliveryEstimate: { minimumDays: 1, maximumDays: 3 },
  createdAt: new Date(Date.UTC(2026, 10, 1, 12) - index * 3_600_000).toISOString(),
}));

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer((request, res) => {
    const url = new URL(request.url, "http://service");
    if (url.pathname !== "/v1/shipping-rates") return sendJson(res, 404, { statusCode: 404, message: "Not found" });
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const gte = url.searchParams.get("createdAt[gte]");
    const matching = RATES.filter((rate) => !gte || rate.createdAt >= gte);
    const after = url.searchParams.get("startingAfter");
    const start = after ? matching.findIndex((rate) => rate.id === after) + 1 : 0;
    const data = matching.slice(start, start + limit);
    const more = start + limit < matching.length;
    sendJson(res, 200, { data, meta: { total: matching.length, pages: Math.ceil(matching.length / limit), limit, cursorNext: more ? data.at(-1)!.id : null, cursorBefore: null } });
  });
});
afterAll(() => server.close());

const t = exportTranslator("es");

function exportRates(query: Record<string, string>) {
  const client = createPaymentClient({ baseUrl: server.url, secretKey: "svc_test_secret_key_x", logger: () => {}, maxRetries: 0 });
  const context = { mode: "test" as const, timeZone: "America/Costa_Rica", client: () => client, db: () => { throw new Error("no database"); } };
  return exportCsv("shipping-rates", context, { query });
}

describe("a list added as a folder (/shipping-rates)", () => {
  it("is registered once and is in the sidebar at its declared place", () => {
    expect(LISTS.filter(({ list }) => list.name === "shipping-rates")).toHaveLength(1);
    const hrefs = navItems().map((item) => item.href);
    expect(hrefs.slice(hrefs.indexOf("/products"), hrefs.indexOf("/products") + 3)).toEqual(["/products", "/shipping-rates", "/events"]);
  });

  it("gets its toolbar and URL state from its filters, in the operator's language", () => {
    expect(filterControls(shippingRatesSource.list, t as unknown as Translator)).toEqual([{ kind: "range" }]);
    expect(shippingRatesSource.list.filterKeys).toEqual(["from", "to"]);
    expect(shippingRatesSource.list.parse("?limit=25&from=2026-10-01&startingAfter=shr_100")).toMatchObject({ limit: 25, from: "2026-10-01", startingAfter: "shr_100" });
  });

  it("exports the whole filtered list through the shared route, paging 100 at a time", async () => {
    server.requests.length = 0;
    const all = await exportRates({});
    expect(all.header).toEqual(["Creado (America/Costa_Rica)", "Nombre", "Descripción", "Monto", "Moneda", "Entrega mínima (días)", "Entrega máxima (días)", "Activo", "ID"]);
    expect(all.rows.map((row) => row[8])).toEqual(RATES.map((rate) => rate.id));
    expect(all.rows[0]!.slice(1, 8)).toEqual(["Envío Guanacaste", "", "1500.00", "CRC", "1", "3", "false"]);
    expect(server.requests.map((request) => new URL(request.url, "http://s").searchParams.get("limit"))).toEqual(["100", "100"]);

    // The filters are the URL's; its cursor is the page's, not the file's: the file starts at the list's beginning.
    const recent = await exportRates({ from: "2026-10-31", startingAfter: "shr_140" });
    const expected = RATES.filter((rate) => rate.createdAt >= "2026-10-31T06:00:00.000Z");
    expect(recent.rows.map((row) => row[8])).toEqual(expected.map((rate) => rate.id));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(RATES.length);
  });
});
