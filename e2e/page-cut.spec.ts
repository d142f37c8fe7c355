import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

// A page whose answer is cut mid-stream (a server that went away while it loaded) ends on the app's own last-resort
// screen, in the operator's language, and "Load again" brings the page back: not Next's bare English "This page
// couldn't load".
for (const [language, other, words] of [
  ["es", "en", { title: "No pudimos cargar esta página", reload: "Volver a cargar" }],
  ["en", "es", { title: "This page couldn't load", reload: "Load again" }],
] as const) {
  test(`a refresh cut mid-answer says so in ${language} and loads again`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "bo_locale", value: language, url: baseURL! }]);
    await signIn(page, "viewer", "/payments");
    let cut = true;
    await page.route("**/payments**", async (route) => {
      const request = route.request();
      const flight = request.headers()["rsc"] === "1" || request.headers()["next-action"] !== undefined;
      if (!cut || !flight) return route.continue();
      const response = await route.fetch();
      const body = await response.body();
      // Half the flight payload of the language switch and its refresh, as a server stopping halfway leaves it.
      await route.fulfill({ response, body: body.subarray(0, Math.floor(body.length / 2)) });
    });
    const switchTo = page.getByRole("group", { name: language === "es" ? "Idioma" : "Language" }).getByRole("button", { name: other, exact: true });
    await switchTo.click();
    const alert = page.getByRole("alert").filter({ hasText: words.title });
    await expect(alert).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    cut = false;
    await alert.getByRole("button", { name: words.reload }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}
