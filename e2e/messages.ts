import { expect, type Page } from "@playwright/test";
import es from "../lib/i18n/messages/es";

// A key left out of a page's catalog parts does not fail a render: use-intl logs MISSING_MESSAGE and shows the key
// itself ("dataTable.next"). These find both: the console's complaint, and a catalog key shown as text.

function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}
const CATALOG_KEYS = new Set(leafKeys(es));
/** Dotted words standing on their own ("dataTable.next"); an event type such as "subscription.renewal.failed" is one
 *  too, so only those that are keys of the catalog count. */
const DOTTED = /(?<![\w.-])[a-zA-Z]\w*(?:\.\w+)+/g;

/** The catalog keys a text shows as such. */
export function rawKeysIn(text: string): string[] {
  return [...text.matchAll(DOTTED)].map(([match]) => match).filter((match) => CATALOG_KEYS.has(match));
}

/** Collects the page's complaints about messages from now on. */
export function watchMessages(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/MISSING_MESSAGE|INSUFFICIENT_PATH|FORMATTING_ERROR/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  return problems;
}

/** The page as it is now shows no raw key, and nothing has complained since `watchMessages`. */
export async function expectTranslated(page: Page, problems: string[]) {
  await expect(page.locator("main")).toBeVisible();
  expect(rawKeysIn(await page.locator("body").innerText()), `a raw key on ${page.url()}`).toEqual([]);
  expect(problems).toEqual([]);
}
