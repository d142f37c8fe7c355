import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";
import { e2eState } from "./state";

const PAGES = ["/", "/payments", "/customers", "/subscriptions", "/renewals", "/renewals/failed", "/transfers", "/reconciliation", "/marketplace", "/products", "/events", "/settings"];

test("no key, webhook secret, auth secret or password reaches the browser or the server log", async ({ context, page }) => {
  const { secrets, operators, logFile } = e2eState();
  const forbidden = [...Object.values(secrets), ...Object.values(operators).map((o) => o.password)];
  const bodies: { url: string; text: string }[] = [];
  const reads: Promise<void>[] = [];
  // Every page of this context (the sign-in's, and those opening the pages below); each body read before the checks.
  context.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/html|javascript|json|text\/x-component|css|text\/plain/.test(type)) {
      reads.push(response.text().then((text) => void bodies.push({ url: response.url(), text }), () => {}));
    }
  });

  // Through the form: the sign-in page and its action's answer are among what the browser receives.
  await signInAs(page, operators.admin);
  // Three tabs of the same session, side by side (one after another they made the run's last and longest test).
  const lanes = [page, await context.newPage(), await context.newPage()];
  await Promise.all(
    lanes.map(async (tab, lane) => {
      for (const path of PAGES.filter((_, i) => i % lanes.length === lane)) {
        await tab.goto(path);
        await expect(tab.getByRole("heading", { level: 1 }), path).toBeVisible();
      }
    }),
  );
  await page.getByRole("group", { name: "Modo" }).getByRole("button", { name: "Producción" }).click();
  await expect(page.getByRole("group", { name: "Modo" }).getByRole("button", { name: "Producción" })).toHaveAttribute("aria-pressed", "true");

  await Promise.all(reads);
  expect(bodies.length).toBeGreaterThan(PAGES.length);
  expect(bodies.some((b) => b.url.endsWith(".js"))).toBe(true);
  for (const { url, text } of bodies) {
    for (const secret of forbidden) expect(text.includes(secret), `${url} contains a secret`).toBe(false);
  }
  const log = readFileSync(logFile, "utf8");
  for (const secret of forbidden) expect(log.includes(secret), "server log contains a secret").toBe(false);
});
