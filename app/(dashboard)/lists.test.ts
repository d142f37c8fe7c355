import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGS, LOCALES } from "@/lib/i18n/config";
import { translatorFor } from "@/lib/i18n/translator";
import type { Translator } from "@/lib/i18n/server";
import { clearedState, filterParsers, type FilterDef } from "@/lib/list-filters";
import { hasActiveFilters } from "@/lib/list-params";
import { filterControls } from "./list-page";
import { LISTS, listTableIds } from "./lists";
import { navItems } from "./nav";
import { isSinpeReference } from "./transfers/list";
import { transfersSource } from "./transfers/source";

// What would go wrong in OUR declarations, not in nuqs: a list that is not registered, a filter the URL does not
// keep or Reset does not clear, a list the sidebar leaves out, words missing from a catalog.

const DASHBOARD = import.meta.dirname;

/** A value each kind of filter accepts, so a filter that does not survive its own parser shows up. */
const sample = (filters: readonly FilterDef[]): Record<string, string> =>
  Object.fromEntries(filters.flatMap((filter) => (filter.kind === "range" ? [["from", "2026-11-01"], ["to", "2026-11-30"]] : [[filter.key, filter.kind === "select" ? filter.values.at(-1)! : "abc_1"]])));

describe("the list registry", () => {
  it("holds every list folder's declaration, once, each at the route of its name", () => {
    const folders = readdirSync(DASHBOARD, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(DASHBOARD, entry.name, "list.ts")))
      .map((entry) => entry.name);
    expect(LISTS.filter(({ list }) => list.path === `/${list.name}`).map(({ list }) => list.name).sort()).toEqual(folders.sort());
    // A list inside another area's folder is declared there, at the route its path names.
    for (const { list } of LISTS) expect(existsSync(path.join(DASHBOARD, list.path, "list.ts")), list.path).toBe(true);
    expect(new Set(listTableIds()).size).toBe(LISTS.length);
  });

  it("keeps the column choices operators already stored (columns:<tableId>) under their old names", () => {
    expect(listTableIds()).toEqual(["payments", "checkout-sessions", "customers", "subscriptions", "renewals", "failedRenewals", "transfers", "reconciliation", "connected-accounts", "products", "shipping-rates", "events"]);
  });

  it("puts every declared list in the sidebar, in its place among the other pages", () => {
    const hrefs = navItems().map((item) => item.href);
    for (const { list } of LISTS) expect(hrefs, list.name).toContain(list.path);
    expect(hrefs).toEqual(["/", "/payments", "/checkout-sessions", "/customers", "/subscriptions", "/renewals", "/renewals/failed", "/transfers", "/reconciliation", "/marketplace", "/products", "/shipping-rates", "/events", "/settings"]);
  });

  it("finds each list's page title, sidebar name and table words in both catalogs", () => {
    for (const catalog of Object.values(CATALOGS)) {
      for (const { list } of LISTS) {
        expect(catalog.pages[list.name].title, list.name).toBeTruthy();
        expect(catalog.nav[list.name], list.name).toBeTruthy();
      }
    }
  });
});

describe.each(LISTS.map(({ list }) => [list.name, list] as const))("the %s list's filters", (_name, list) => {
  const declared = list as (typeof LISTS)[number]["list"] & { filters: readonly FilterDef[]; parse: (query: Record<string, string>) => Record<string, unknown> };

  it("are each kept by the URL parser, so a shared link filters as it did", () => {
    const query = sample(declared.filters);
    const state = declared.parse(query);
    for (const key of declared.filterKeys) expect(state[key], key).toBe(query[key]);
    expect(Object.keys(filterParsers(declared.filters))).toEqual(expect.arrayContaining(declared.filterKeys));
    for (const filter of declared.filters) {
      if (filter.kind === "select") for (const value of filter.values) expect(declared.parse({ [filter.key]: value })[filter.key]).toBe(value);
    }
  });

  it("are each cleared by Reset, with the cursors, and then no longer count as filtered", () => {
    const state = { ...declared.parse({ ...sample(declared.filters), startingAfter: "c_1" }), ...clearedState(declared.filters) };
    expect(hasActiveFilters(state, declared.filterKeys)).toBe(false);
    expect(state).toMatchObject({ startingAfter: null, endingBefore: null });
    expect(declared.parse({ ...sample(declared.filters), limit: "50" })).toMatchObject({ limit: 50 });
  });
});

describe.each(LOCALES)("the lists' toolbars in %s", (locale) => {
  // A missing key would show its path on screen ("renewalsList.subscriptionId"): fail instead.
  const t = translatorFor(locale, undefined, (error) => {
    throw error;
  }) as unknown as Translator;

  it.each(LISTS.map(({ list }) => [list.name, list] as const))("%s: every filter and option has its words", (_name, list) => {
    const controls = filterControls(list as unknown as Parameters<typeof filterControls>[0], t);
    for (const control of controls) {
      if (control.kind === "range") continue;
      expect(control.label).not.toMatch(/^[\w]+\.[\w.]+$/);
      if (control.kind === "text") expect(control.placeholder).toBeTruthy();
      if (control.kind === "select") expect(control.options.map((option) => option.value)).toEqual([...control.values]);
    }
  });
});

describe("the transfers list", () => {
  it("refuses a reference of the wrong length before any request, and names the filter", () => {
    expect(isSinpeReference("2026112115150001234567890")).toBe(true);
    expect(transfersSource.check?.(transfersSource.list.parse({ reference: "123" }))).toBe("reference");
    expect(transfersSource.check?.(transfersSource.list.parse({ reference: "2026112115150001234567890" }))).toBeUndefined();
  });
});
