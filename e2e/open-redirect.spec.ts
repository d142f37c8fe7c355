import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

// Finding 1 of issue 10: each of these sent a signed-in operator's browser to another site. The callback is put in the
// link both as the attacker's raw text and URL-encoded, as a phishing link would carry it.
const VECTORS = [
  "/..//evil.example/phish",
  "/.//evil.example",
  "/%252e%252e//evil.example",
  "/%2e%2e//evil.example",
  "/x/..//evil.example",
  "/\\evil.example",
  "//evil.example/phish",
  "https://evil.example/phish",
];

test("a signed-in operator following a sign-in link with a hostile callback stays on our site", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const ours = new URL(baseURL!).origin;
  // Every request the browser makes, redirects included: none may go to another host.
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== ours) elsewhere.push(request.url());
  });
  await signIn(page, "operator");

  for (const vector of VECTORS) {
    for (const link of [`/sign-in?callbackUrl=${encodeURIComponent(vector)}`, `/sign-in?callbackUrl=${vector}`]) {
      // A redirect to evil.example fails to resolve here; the checks below say where the browser went.
      await page.goto(link).catch(() => {});
      expect(elsewhere, link).toEqual([]);
      expect(new URL(page.url()).origin, link).toBe(ours);
      await expect(page.getByRole("navigation", { name: "Navegación principal" }), link).toBeVisible();
    }
  }
});

test("the proxy leaves a hostile path out of the callback it gives the sign-in page", async ({ page }) => {
  await page.goto("/x/..%2F%2Fevil.example");
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBeNull();
  // An ordinary deep link keeps its callback.
  await page.goto("/payments?status=succeeded");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/payments?status=succeeded");
});
