import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

// The sidebar is in every page. Its links are not prefetched: Next's default asked the server for every page the
// sidebar names, twice each (the route's tree, then its segments: 26 requests, each running the dashboard layout and
// its session check), on every page load, whether the operator went there or not.

test("a page load asks the server for no sidebar page, and a sidebar link still opens its page without reloading the app", async ({ page }) => {
  const prefetches: string[] = [];
  // Any prefetch but the header search form's own (next/form prefetches its action, /search: one route, not thirteen).
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"] && new URL(request.url()).pathname !== "/search") prefetches.push(request.url());
  });
  await signIn(page, "viewer", "/payments");
  await page.waitForLoadState("networkidle");
  expect(prefetches).toEqual([]);

  // A client-side navigation keeps the page's window: a full load would lose the mark.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Clientes" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  expect(prefetches).toEqual([]);
});
