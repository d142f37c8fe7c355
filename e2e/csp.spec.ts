import { expect, test, type Page } from "@playwright/test";
import { openSearchWithShortcut, signIn, signInAs, VIEWER_EXPORT } from "./helpers";
import { fromService } from "./sandbox";
import { e2eState } from "./state";

// The pages under their Content-Security-Policy in a real Chromium: every page comes with a nonced policy, hydrates
// and works (menus, the Ctrl+K dialog, the refund form, a CSV export), and the browser reports no violation at all.

// Where: the element (or document) the refusal was about, to find it in the page.
type Violation = { directive: string; blocked: string; sample: string; where: string };
declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

/** Records every CSP violation the page reports (an init script runs outside the page's policy). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations!.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample, where: (event.target as Element)?.outerHTML?.slice(0, 300) ?? String(event.target) });
    });
  });
  const console: string[] = [];
  page.on("console", (message) => {
    // A header the browser could not parse is reported here too.
    if (/Content Security Policy|Refused to|Permissions-Policy/i.test(message.text())) console.push(message.text());
  });
  // Each document the browser loads must be under a nonced policy: without one, "no violations" would prove nothing.
  const unguarded: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document") return;
    const policy = response.headers()["content-security-policy"] ?? "";
    if (!/script-src [^;]*'nonce-/.test(policy)) unguarded.push(response.url());
  });
  return async (where: string) => {
    const reported = await page.evaluate(() => window.cspViolations ?? []);
    expect(reported, `CSP violations on ${where}`).toEqual([]);
    expect(console, `CSP console messages on ${where}`).toEqual([]);
    expect(unguarded, "documents without a nonced policy").toEqual([]);
  };
}

async function openWithShortcut(page: Page) {
  await openSearchWithShortcut(page);
  const dialog = page.getByRole("dialog", { name: "Buscar" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("sign-in, the overview, a list's column menu, Ctrl+K and a CSV export run under the policy", VIEWER_EXPORT, async ({ page }) => {
  const check = await watchViolations(page);
  // Through the form: the sign-in page and its action are among the pages checked here.
  await signInAs(page, e2eState().operators.viewer);
  await check("sign-in and the overview");

  await page.goto("/payments");
  await page.getByRole("button", { name: "Columnas" }).click();
  await expect(page.getByRole("group", { name: "Columnas visibles" })).toBeVisible();
  await page.keyboard.press("Escape");
  await check("/payments and its column menu");

  const dialog = await openWithShortcut(page);
  await dialog.getByRole("combobox").fill("pi_noexiste000000000000000");
  await dialog.getByRole("combobox").press("Enter");
  await expect(dialog.getByRole("status")).toHaveText("No encontramos nada para «pi_noexiste000000000000000»");
  await page.keyboard.press("Escape");
  await check("the search dialog");

  await page.goto("/transfers");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    page.getByRole("search", { name: "Filtros" }).getByRole("button", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transfers_.*\.csv$/);
  await check("a CSV export");

  for (const path of ["/events", "/customers", "/renewals", "/search?q=ana"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  await check("events, customers, renewals, search");
});

test("the refund form opens, validates and reaches its confirmation under the policy", async ({ page, request }) => {
  const { data } = await fromService<{ data: { id: string; status: string }[] }>(request, "/v1/payment-intents/account?limit=50");
  const paid = data.find((intent) => intent.status === "succeeded")!;
  const check = await watchViolations(page);
  await signIn(page, "operator", `/payments/${paid.id}`);
  await page.getByRole("button", { name: "Reembolsar", exact: true }).click();
  const form = page.getByRole("form", { name: "Reembolso de este pago" });
  await form.getByLabel("Monto a reembolsar").fill("1");
  await form.getByLabel("Motivo").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Revisar el reembolso" }).click();
  // The confirmation step (nothing is sent to the service until it is confirmed).
  await expect(form.getByRole("region", { name: "Confirma el reembolso" }).getByRole("button", { name: "Confirmar reembolso" })).toBeVisible();
  await check("the payment page and its refund form");
});
