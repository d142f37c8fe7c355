import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { LOCALE_COOKIE, LOCALES } from "../lib/i18n/config";
import { addSession, signIn } from "./helpers";
import { rawKeysIn, watchMessages } from "./messages";
import { readDashboard as read, REGISTERED_LISTS, ROW_FROM } from "./registered-lists";
import { scenario } from "./sandbox";
import { E2E_PORT } from "./state";

// axe-core on every page (in Spanish, at a desktop's and a phone's width): no violation at any impact; and in both
// languages no missing message (e2e/messages.ts). The pages are read from the app's own
// registries, so a list or page added later is checked without touching this file: every list the registry
// (app/(dashboard)/lists.ts) names, with the first detail page its rows lead to in the seeded data, and every other
// page of the sidebar (nav.tsx). A test below checks that this reading agrees with the sidebar an admin sees.

const LISTS = REGISTERED_LISTS;
/** The sidebar's pages that are not lists (nav.tsx's PAGES). */
const OTHER_PAGES = [...read("nav.tsx").matchAll(/href: "(\/[\w/-]*)"/g)].map(([, href]) => href!);

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown; failureSummary?: string }[] };

/**
 * The violations of the page as it is now, one readable line per element. Every impact counts: the moderate and minor
 * ones are a screen reader's landmarks and headings (a second <main> nested in the shell's was "moderate", and went
 * unseen while only serious and critical ones failed), and the pages have none of them.
 */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return (violations as Violation[]).flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}`),
  );
}

/** A phone's width: tables and cards that fit a desktop scroll sideways here, and the shell swaps its sidebar for a menu. */
const PHONE = { width: 390, height: 844 };

/** Waits until the page has streamed in (no skeleton left) and settled. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Opens `path` in each language (the language cookie, as the switch sets it) and checks its messages; axe checks the
 * first language, Spanish, at a desktop's and (on the same load: the layout follows the window, the server's HTML does
 * not) a phone's width, where its longer words are the first to overflow. The other language's page is the same
 * markup with other words, and its visit checks the words (none missing, no raw key, the page's lang): axe on it too
 * was a third of this suite's axe runs, ~35 s of CI on a 2-core machine.
 */
async function checkInBothLanguages(page: Page, path: string) {
  const found: string[] = [];
  const desktop = page.viewportSize()!;
  for (const locale of LOCALES) {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: `http://127.0.0.1:${E2E_PORT}` }]);
    const problems = watchMessages(page);
    await page.goto(path);
    await settled(page);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    // Signed in (the page inside the shell), not sent to the sign-in form instead.
    if (!path.startsWith("/sign-in")) await expect(page.getByRole("navigation", { name: /navegación principal|main navigation/i })).toBeVisible();
    if (locale === LOCALES[0]) {
      found.push(...(await violations(page)).map((line) => `[${locale}] ${path}: ${line}`));
      await page.setViewportSize(PHONE);
      found.push(...(await violations(page)).map((line) => `[${locale}, ${PHONE.width} px] ${path}: ${line}`));
      await page.setViewportSize(desktop);
    }
    // The same visit checks the page's messages: none missing, no catalog key shown as text.
    found.push(...problems, ...rawKeysIn(await page.locator("body").innerText()).map((key) => `[${locale}] ${path}: raw key ${key}`));
  }
  expect(found, found.join("\n")).toEqual([]);
}

// axe takes seconds per page on a loaded 2-core machine, and each test checks its page twice (two widths). A test
// signs in with the saved session's cookie and opens its page at once: signIn's first stop, the Overview, was one
// more page for the server to render in each of the suite's 32 tests.
test.describe.configure({ mode: "parallel", timeout: 60_000 });

test("the pages checked here are the sidebar's pages", async ({ page }) => {
  await signIn(page, "admin");
  const hrefs = await page
    .getByRole("navigation", { name: /navegación principal/i })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  expect(hrefs.sort()).toEqual([...OTHER_PAGES, ...LISTS.map(({ name }) => `/${name}`)].sort());
});

for (const path of OTHER_PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    await addSession(page.context(), "admin");
    await checkInBothLanguages(page, path);
  });
}

for (const { name, hasDetail } of LISTS) {
  test(`axe: /${name}`, async ({ page, request }) => {
    // Checked with rows in it: a list the seed leaves empty gets one first (parts such as ageing show only then).
    if (ROW_FROM[name]) await scenario(request, ROW_FROM[name].scenario, "test", ROW_FROM[name].input);
    await addSession(page.context(), "admin");
    await checkInBothLanguages(page, `/${name}${ROW_FROM[name]?.query ?? ""}`);
  });

  if (hasDetail) {
    test(`axe: /${name}'s first detail page`, async ({ page, request }) => {
      // A list the seed leaves empty gets a row from a scenario's deliveries.
      const from = ROW_FROM[name] ?? { scenario: "payment-succeeded" };
      await scenario(request, from.scenario, "test", from.input);
      await signIn(page, "admin", `/${name}${from.query ?? ""}`);
      const first = page.locator("tbody tr a").first();
      await expect(async () => {
        await page.reload();
        await expect(first).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      // Its own detail page, or the record it is about (a renewal opens its subscription).
      const href = await first.getAttribute("href");
      expect(href).toMatch(/^\/[\w-]+\/./);
      await checkInBothLanguages(page, href!);
    });
  }
}

// Not in the sidebar: the period close opens from the reconciliation page.
test("axe: the reconciliation's period close", async ({ page }) => {
  await addSession(page.context(), "admin");
  await checkInBothLanguages(page, "/reconciliation/close");
});

// Not in the sidebar: the whole audit log opens from Settings.
test("axe: the audit log", async ({ page }) => {
  await addSession(page.context(), "admin");
  await checkInBothLanguages(page, "/settings/audit");
});

test("axe: the search page with results", async ({ page }) => {
  await signIn(page, "admin", "/customers");
  // Part of a name: several customers, listed (an exact id would open its page).
  const name = (await page.locator("tbody tr").first().locator("td").first().innerText()).split(" ")[0]!;
  await checkInBothLanguages(page, `/search?q=${encodeURIComponent(name)}`);
});

test("axe: the search page with no result", async ({ page }) => {
  await addSession(page.context(), "admin");
  await checkInBothLanguages(page, "/search?q=nada-coincide-con-esto");
});

test("axe: a detail page that finds nothing", async ({ page }) => {
  await addSession(page.context(), "admin");
  await checkInBothLanguages(page, "/payments/pi_does_not_exist");
});

// Inside the shell: the message is part of the shell's one <main> (a second <main> nested in it was axe's moderate
// landmark-main-is-top-level and landmark-no-duplicate-main).
test("axe: a page the operator's role may not open (403)", async ({ page }) => {
  await addSession(page.context(), "viewer");
  await checkInBothLanguages(page, "/settings");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("axe: the sign-in page", async ({ page }) => {
  await page.goto("/sign-in");
  await checkInBothLanguages(page, "/sign-in");
});
