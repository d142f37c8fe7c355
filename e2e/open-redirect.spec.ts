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
  const elsewhere: string[] = [];
  // Nothing may even be asked of another host; the route answers instead of the network, so a miss is seen, not hung.
  await page.route((url) => url.origin !== ours, (route) => {
    elsewhere.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>phish</h1>" });
  });
  await signIn(page, "operator");

  for (const vector of VECTORS) {
    for (const link of [`/sign-in?callbackUrl=${encodeURIComponent(vector)}`, `/sign-in?callbackUrl=${vector}`]) {
      await page.goto(link);
      await page.waitForLoadState("load");
      expect(new URL(page.url()).origin, link).toBe(ours);
      await expect(page.getByRole("navigation", { name: "Navegación principal" }), link).toBeVisible();
    }
  }
  expect(elsewhere).toEqual([]);
});

test("a signed-out deep link whose path is itself hostile does not carry it into the callback", async ({ page, baseURL }) => {
  const ours = new URL(baseURL!).origin;
  await page.goto("/x/..%2F%2Fevil.example");
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, "viewer", page.url());
  expect(new URL(page.url()).origin).toBe(ours);
});
