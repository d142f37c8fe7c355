import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

// The sidebar is in every page. Its links are prefetched only once the operator reaches for one (pointer or focus):
// Next's default asked the server for every page the sidebar names, twice each (the route's tree, then its segments:
// 26 requests, each running the dashboard layout and its session check), on every page load.

/** The paths of the router's prefetches, but the header search form's own (next/form prefetches its action, /search). */
function prefetchesOf(page: Page) {
  const paths: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.headers()["next-router-prefetch"] && path !== "/search") paths.push(path);
  });
  return paths;
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Navegación principal" });

test("a page load prefetches no sidebar page; the one the pointer reaches is, and its click opens it without reloading the app", async ({ page }) => {
  const prefetches = prefetchesOf(page);
  await signIn(page, "viewer", "/payments");
  await page.waitForLoadState("networkidle");
  expect(prefetches).toEqual([]);

  await sidebar(page).getByRole("link", { name: "Clientes" }).hover();
  await expect.poll(() => prefetches.length).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  expect(new Set(prefetches)).toEqual(new Set(["/customers"]));

  // A client-side navigation keeps the page's window: a full load would lose the mark.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  await sidebar(page).getByRole("link", { name: "Clientes" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
});

test("a sidebar link reached by the keyboard is prefetched too", async ({ page }) => {
  const prefetches = prefetchesOf(page);
  await signIn(page, "viewer", "/payments");
  await page.waitForLoadState("networkidle");
  await sidebar(page).getByRole("link", { name: "Transferencias SINPE" }).focus();
  await expect.poll(() => prefetches).toContain("/transfers");
  expect(prefetches.every((path) => path === "/transfers")).toBe(true);
});
