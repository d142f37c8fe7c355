import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addSession, expectAfterReloads, poll, signIn } from "./helpers";
import { scenario } from "./sandbox";
import { e2eState } from "./state";

// The events console against the live receiver: sandbox scenarios deliver real webhooks to the app under test, and
// what the console shows is what was stored.

const table = (page: Page) => page.getByRole("table", { name: "Notificaciones recibidas" });
const rows = (page: Page) => table(page).locator("tbody tr");
const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row-id"))));
const toolbar = (page: Page) => page.getByRole("search", { name: "Filtros" });

/** A delivery whose body is not JSON: stored as invalid, answered 200 with the stored event's id. */
async function sendInvalid(request: APIRequestContext) {
  const body = `not json ${randomUUID()} <b>kept as text</b>`;
  const response = await request.post("/api/webhooks/test", {
    headers: { "x-webhook-secret": e2eState().secrets.WEBHOOK_SECRET_TEST!, "content-type": "text/plain" },
    data: body,
  });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  return { id, body };
}

test("a sandbox payment shows up newest first and opens with its payload and subject link", async ({ page, request }) => {
  await signIn(page, "operator");
  const { created } = await scenario(request, "payment-succeeded");
  const intentId = created!.paymentIntentId!;

  await page.goto("/events");
  const row = rows(page).filter({ hasText: intentId });
  // Webhooks arrive asynchronously (the sandbox delays them a little): reload until it is there.
  await expectAfterReloads(page, () => expect(row).toBeVisible({ timeout: 1_000 }), 10_000);
  // Newest first: ours is at the top, give or take a delivery another spec sent in the meantime.
  const ids = await rowIds(page);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  expect(ids.indexOf(Number(await row.getAttribute("data-row-id")))).toBeLessThan(3);
  await expect(row).toContainText("Pago exitoso");
  await expect(row).toContainText("Procesado");
  await expect(row).toContainText("₡");
  const amount = (await row.innerText()).match(/₡[\d\s\u00a0\u202f.,]+\d/)![0];

  await row.locator("td").nth(2).click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pago exitoso" })).toBeVisible();
  await expect(page.getByLabel("Contenido interpretado")).toContainText(`"id": "${intentId}"`);
  await expect(page.getByLabel("Cuerpo recibido, tal cual")).toContainText(intentId);
  await expect(page.getByRole("link", { name: intentId })).toHaveAttribute("href", `/payments/${intentId}`);
  await expect(page.getByText("Recibido 1 vez")).toBeVisible();
  // The payload's minor units, formatted as the console's row shows them (the JSON says "amount": 100000 for ₡1 000,00).
  await expect(page.locator("dt", { hasText: "Monto" }).locator("xpath=following-sibling::dd")).toHaveText(amount);
  // A processed event has nothing to re-process.
  await expect(page.getByRole("button", { name: "Reprocesar" })).toHaveCount(0);
  // The detail pages' header: the kind, the id, and the way back to the console.
  await expect(page.locator("header").getByText("Evento", { exact: true })).toBeVisible();
  await expect(page.locator("header").getByText(`#${page.url().split("/").pop()}`, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Volver a eventos" }).click();
  await expect(page).toHaveURL(/\/events$/);
});

test("a checkout session reads as its cs_ id in the console and on the Overview, not as the URL it is stored under", async ({ page, request }) => {
  const { created } = await scenario(request, "checkout-session-paid");
  const id = created.checkoutSessionId!;
  const url = created.checkoutSessionUrl!;
  expect(url).toContain(id);
  await signIn(page, "viewer", "/events");
  const row = rows(page).filter({ hasText: id });
  await expectAfterReloads(page, () => expect(row).toBeVisible({ timeout: 1_000 }), 10_000);
  const subject = row.getByTitle(url, { exact: true });
  await expect(subject).toHaveText(id);
  await page.goto("/");
  const latest = page.getByRole("region", { name: "Últimos eventos" });
  await expect(latest.getByText(id, { exact: true }).first()).toBeVisible();
  await expect(latest).not.toContainText(url);
});

test("the duplicate-delivery scenario shows as one event received twice", async ({ page, request }) => {
  // Other specs run scenarios too: the re-sent event is named by its subject, not "the mode's last" (which was another
  // spec's now and then). The first scenario does not wait for its webhooks; the reloads below do.
  const { created } = await scenario(request, "payment-succeeded", "test", {}, { settle: false });
  const intentId = created!.paymentIntentId!;
  const { summary } = await scenario(request, "duplicate-delivery", "test", { subject: intentId });
  const resent = Number(/delivery #(\d+)/.exec(summary ?? "")?.[1]);
  const log = (await (await request.get(`${e2eState().sandboxURL}/_sandbox/deliveries?limit=1000`)).json()) as { data: { id: number; body: string }[] };
  expect(log.data.find((delivery) => delivery.id === resent)?.body, "the re-sent delivery is this payment's event").toContain(intentId);

  await signIn(page, "viewer", `/events?subject=${intentId}`);
  await expectAfterReloads(page, () => expect(rows(page).first()).toContainText("×2", { timeout: 1_000 }), 10_000);
  await expect(rows(page)).toHaveCount(1);

  await rows(page).first().locator("td").nth(2).click();
  await expect(page.getByText("Recibido 2 veces")).toBeVisible();
  await expect(page.getByText("Última entrega repetida")).toBeVisible();
});

test("an invalid delivery keeps its raw body; an operator's re-process leaves it invalid and is audited", async ({ page, request, browser }) => {
  const invalid = await sendInvalid(request);
  await signIn(page, "operator", "/events");
  await toolbar(page).getByLabel("Estado").selectOption({ label: "Inválido" });
  await expect(page).toHaveURL(/status=invalid/);
  // The URL changes first; the filtered rows replace the others when the server answers.
  const statuses = () => rows(page).locator("td:nth-child(2)").allTextContents();
  await poll(async () => [...new Set(await statuses())]).toEqual(["Inválido"]);
  const row = table(page).locator(`tbody tr[data-row-id="${invalid.id}"]`);
  await expect(row).toBeVisible();

  await row.locator("td").nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/events/${invalid.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Evento sin tipo" })).toBeVisible();
  // Escaped, never rendered: the markup in the body is text on the page.
  await expect(page.getByLabel("Cuerpo recibido, tal cual")).toHaveText(invalid.body);
  await expect(page.getByText("Sin contenido interpretado")).toBeVisible();
  await expect(page.getByText(/body is not JSON/)).toBeVisible();

  await page.getByRole("button", { name: "Reprocesar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reprocesado. Resultado:" })).toContainText("Inválido");
  await expect(page.getByRole("heading", { level: 1, name: "Evento sin tipo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reprocesar" })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin", "/settings");
  await expect(admin.getByRole("row", { name: new RegExp(`e2e-operator@example\\.com.*webhook_event\\.reprocess.*Evento ${invalid.id}`) })).toBeVisible();
  await admin.context().close();
});

test("a viewer sees no re-process button, and a forged re-process call is refused", async ({ page, request, browser }) => {
  const invalid = await sendInvalid(request);
  // The action's id and body, as an operator's browser sends them.
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, "operator", `/events/${invalid.id}`);
  const [call] = await Promise.all([
    operator.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    operator.getByRole("button", { name: "Reprocesar" }).click(),
  ]);
  await expect(operator.getByRole("status").filter({ hasText: "Reprocesado" })).toBeVisible();
  await operator.context().close();

  await signIn(page, "viewer", `/events/${invalid.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Evento sin tipo" })).toBeVisible();
  await expect(page.getByText("Inválido").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Reprocesar" })).toHaveCount(0);

  const forged = await page.request.post(`/events/${invalid.id}`, {
    headers: { "next-action": call.headers()["next-action"]!, "content-type": call.headers()["content-type"]!, accept: "text/x-component" },
    data: call.postData() ?? "",
  });
  expect(forged.status()).toBe(403);
});

test("an unknown event id is a 404 that says the mode may be the reason", async ({ page }) => {
  await addSession(page.context(), "viewer");
  const response = await page.goto("/events/999999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No lo encontramos" })).toBeVisible();
  await expect(page.getByText("Esta aplicación no guardó ningún evento con ese número en modo prueba")).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver a eventos" })).toBeVisible();
});

test("a NUL byte in the console's filters is ignored: the list still renders, and its export answers a file, not a 500", async ({ page }) => {
  // Not the viewer: export.spec.ts exports as the viewer meanwhile, and an operator has one export at a time.
  await signIn(page, "operator", "/events?type=%00&subject=pi_%00");
  await expect(table(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Algo salió mal" })).toHaveCount(0);
  const response = await page.request.get("/api/export/events?type=%00");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
});
