import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogPaths, covered, keysUsed, providedFor, routeFiles, SourceGraph } from "./client-keys";
import { MESSAGE_GROUPS } from "./client-messages";
import { CATALOGS } from "./config";

const root = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(root, "app");
const paths = catalogPaths(CATALOGS.es as never);

// Each route gets only the catalog parts its client components use (components/client-messages.tsx). This is what
// keeps that honest: a key used in the browser and given by no provider above it shows as its own name, in production.
describe("client messages", () => {
  const graph = new SourceGraph(root);
  const routes = routeFiles(appDir);

  it("finds the routes and the keys their client components use", () => {
    // Guards the guard: if the scan found nothing (a moved folder, a changed directive), every route would pass.
    const needs = (route: string) => {
      const modules = [...graph.clientModules(path.join(appDir, route))];
      return modules.flatMap((file) => Object.values(keysUsed(graph.source(file).text, paths)).flatMap((set) => [...set]));
    };
    expect(needs("(dashboard)/payments/page.tsx")).toContain("dataTable.next");
    expect(needs("(dashboard)/layout.tsx")).toContain("shell.openMenu"); // the mobile menu's button
  });

  it.each(routes.map((file) => [path.relative(root, file), file]))("%s: every key its client components use is given above it", (_, file) => {
    const given = providedFor(appDir, file, MESSAGE_GROUPS);
    const missing: string[] = [];
    for (const clientModule of graph.clientModules(file)) {
      const { keys, prefixes } = keysUsed(graph.source(clientModule).text, paths);
      for (const need of [...keys, ...prefixes]) if (!covered(need, given)) missing.push(`${need} (${path.relative(root, clientModule)})`);
    }
    expect(missing, `add these to a <ClientMessages namespaces={[…]}> in a layout above ${path.relative(root, file)}`).toEqual([]);
  });
});

describe("the source scan", () => {
  const known = new Set(["search", "search.dialog", "search.dialog.title", "paymentStatus", "paymentStatus.failed", "nav", "nav.payments"]);

  it("reads full keys, keys of a namespaced translator and prefixes of built keys", () => {
    const text = [
      `const t = useTranslations("search");`,
      `t("dialog.title"); t.rich("dialog.title", {});`,
      `const label = "nav.payments";`,
      "const status = t2(`paymentStatus.${value}`);",
      `const unrelated = "payments"; const word = "nav";`,
    ].join("\n");
    const { keys, prefixes } = keysUsed(text, known);
    expect([...keys].sort()).toEqual(["nav.payments", "search.dialog.title"]);
    expect([...prefixes]).toEqual(["paymentStatus."]);
  });

  it("counts a key as given by its namespace or a part above it, and a prefix only by a path above it", () => {
    expect(covered("search.dialog.title", ["search.dialog"])).toBe(true);
    expect(covered("search.page.title", ["search.dialog"])).toBe(false);
    expect(covered("paymentStatus.", ["paymentStatus"])).toBe(true);
    expect(covered("search.", ["search.dialog"])).toBe(false);
  });
});
